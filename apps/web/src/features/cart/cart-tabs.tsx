// The 'All' / 'By store' switch.
import { CartTab } from '@kete/shared';
import { segmentClass } from '../../components/ui/segment.js';

const tabs = [
  { value: CartTab.All, label: 'All' },
  { value: CartTab.ByStore, label: 'By store' },
] as const;

export function CartTabs({ tab, onChange }: { tab: CartTab; onChange(tab: CartTab): void }) {
  return (
    <div
      role="tablist"
      aria-label="Shopping list view"
      className="mx-4 mb-3 flex rounded-full bg-stone-100 p-1"
    >
      {tabs.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls="cart-panel"
          onClick={() => onChange(value)}
          className={`min-h-11 flex-1 rounded-full ${segmentClass(tab === value)}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
