// The 'All' / 'By store' switch.
import { CartTab } from '@kete/shared';

const tabs = [
  { value: CartTab.All, label: 'All' },
  { value: CartTab.ByStore, label: 'By store' },
] as const;

export function CartTabs({ tab, onChange }: { tab: CartTab; onChange(tab: CartTab): void }) {
  return (
    <div
      role="tablist"
      aria-label="Shopping list view"
      className="mx-4 mb-3 flex rounded-full bg-stone-200 p-1"
    >
      {tabs.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls="cart-panel"
          onClick={() => onChange(value)}
          className={`min-h-11 flex-1 rounded-full font-semibold ${
            tab === value ? 'bg-white text-stone-950 shadow' : 'text-stone-700'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
