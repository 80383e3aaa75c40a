// /w/search: the search box with its scan button, then either the results, the spinner, 'No
// products found. Try a new search.', or (with nothing typed) suggestions and recent searches.
import { SearchX } from 'lucide-react';
import { ProductRow } from '../../components/product/product-row.js';
import { SearchBox } from '../../components/ui/search-box.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { EmptyState } from '../lists/empty-state.js';
import { AddAsWritten } from './add-as-written.js';
import { RecentSearchList } from './recent-search-list.js';
import { ScanButton } from './scan-button.js';
import { SearchFailed } from './search-failed.js';
import { useSearchSort } from './search-sort.js';
import { SearchSuggestions } from './search-suggestions.js';
import { SortControl } from './sort-control.js';
import { useProductSearch } from './use-product-search.js';
import { useRecentSearches } from './use-recent-searches.js';

export function SearchScreen() {
  const recent = useRecentSearches();
  const [sort, setSort] = useSearchSort();
  const search = useProductSearch(recent.add, sort);
  const run = (text: string) => {
    search.setText(text);
    void search.submit(text);
  };
  const idle = !search.loading && search.results === null;

  return (
    <>
      <h1 className="sr-only">Search</h1>
      <div className="sticky top-0 z-10 flex items-center gap-2 bg-stone-50/95 px-4 pt-4 pb-3 backdrop-blur">
        <SearchBox
          className="flex-1"
          value={search.text}
          onChange={search.setText}
          onSubmit={(text) => void search.submit(text)}
        />
        <ScanButton onScanned={run} />
      </div>
      {(search.loading || search.results !== null) && (
        <SortControl
          sort={sort}
          onChange={(next) => {
            setSort(next);
            if (search.results !== null) void search.submit(search.text, next);
          }}
        />
      )}
      {search.loading && <DelayedSpinner label="Searching" />}
      {search.error && (
        <SearchFailed message={search.error} onRetry={() => void search.submit(search.text)} />
      )}
      {search.results?.length === 0 && (
        <EmptyState icon={SearchX} title="No products found. Try a new search." />
      )}
      {search.results && search.results.length > 0 && (
        // Two columns on wide screens (UI.md): a phone-width row each, lines drawn by the 1px gap.
        <ul
          aria-label="Search results"
          className="divide-y divide-stone-200 border-y border-stone-200 bg-white md:grid md:grid-cols-2 md:gap-px md:divide-y-0 md:bg-stone-200"
        >
          {search.results.map((product) => (
            <li key={product.id} className="bg-white">
              <ProductRow product={product} />
            </li>
          ))}
        </ul>
      )}
      {/* Issue 49: no product fits? The words themselves go on the list. */}
      {search.results !== null && !search.loading && <AddAsWritten text={search.text} />}
      {idle && search.text === '' && (
        <>
          <SearchSuggestions onPick={run} />
          <RecentSearchList searches={recent.searches} onRun={run} onRemove={recent.remove} />
        </>
      )}
    </>
  );
}
