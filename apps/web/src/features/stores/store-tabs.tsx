// 'All' and 'Near me': two tabs over the one store list.
import { segmentClass } from '../../components/ui/segment.js';
import type { StoreTab } from './store-rows.js';

const tabs: { id: StoreTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'near', label: 'Near me' },
];

export function StoreTabs({ tab, onChange }: { tab: StoreTab; onChange(tab: StoreTab): void }) {
  return (
    <div role="tablist" aria-label="Which stores" className="mx-4 mt-3 flex rounded-full bg-stone-100 p-1">
      {tabs.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          onClick={() => onChange(id)}
          className={`min-h-11 flex-1 rounded-full ${segmentClass(tab === id)}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
