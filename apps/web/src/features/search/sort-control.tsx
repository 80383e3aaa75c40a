// The search results' order: a two-way switch above the results (issue 12, item 4).
import { SegmentedControl } from '../prices/segmented-control.js';
import { type SearchSort, searchSorts } from './search-sort.js';

export function SortControl({ sort, onChange }: { sort: SearchSort; onChange(sort: SearchSort): void }) {
  return (
    <div data-search-sort className="flex items-center gap-2 px-4 pb-2 text-sm">
      <span aria-hidden="true" className="text-stone-600">
        Sort by
      </span>
      <SegmentedControl legend="Sort results by" segments={searchSorts} value={sort} onChange={onChange} />
    </div>
  );
}
