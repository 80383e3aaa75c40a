// 'Recent searches': tap one to run it again, the cross removes it.
import { History, X } from 'lucide-react';
import type { RecentSearch } from '../../lib/local-db.js';

export function RecentSearchList({
  searches,
  onRun,
  onRemove,
}: {
  searches: RecentSearch[];
  onRun(text: string): void;
  onRemove(id: number): void;
}) {
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" className="mt-6">
      <h2 id="recent-searches" className="px-4 pb-2 text-sm font-semibold text-stone-600">
        Recent searches
      </h2>
      <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
        {searches.map((search) => (
          <li key={search.id} className="flex items-center">
            <button
              type="button"
              onClick={() => onRun(search.text)}
              className="flex min-h-12 min-w-0 flex-1 items-center gap-3 px-4 text-left"
            >
              <History aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
              <span className="truncate">{search.text}</span>
            </button>
            <button
              type="button"
              aria-label={`Remove ${search.text} from recent searches`}
              onClick={() => onRemove(search.id)}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
