// /w/lists: every list by name (sorted by the server and kept so); a tap opens its drawer. Near
// the lists cap it counts them; at the cap it says so.
import { capState } from '@kete/shared';
import { ChevronRight, ListChecks } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header.js';
import { CapNotice } from '../caps/cap-notice.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { EmptyState } from './empty-state.js';
import { useWorkspaceLists } from './workspace-lists.js';

export function ListsScreen() {
  const lists = useWorkspaceLists();
  const open = useDrawerStore((s) => s.open);
  return (
    <>
      <PageHeader title="Lists" />
      <CapNotice cap={capState(lists.length, 'lists')} className="mx-4 mb-3" />
      {lists.length === 0 ? (
        <EmptyState icon={ListChecks} title="No lists" text="Search for items to add them to a list" />
      ) : (
        <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
          {lists.map((list) => (
            <li key={list.id}>
              <button
                type="button"
                onClick={() => open({ kind: 'list', listId: list.id })}
                className="flex min-h-14 w-full items-center gap-3 px-4 text-left text-lg font-medium hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1 truncate">{list.name}</span>
                <ChevronRight aria-hidden="true" className="size-5 text-stone-400" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
