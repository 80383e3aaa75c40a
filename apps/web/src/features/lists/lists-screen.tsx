// /w/lists: every list by name (sorted by the server and kept so) with how many items it holds; a
// tap opens its drawer. 'New list' makes an empty one (issue 37 item 8), named in the same dialog as
// the add-to-list one's 'Create list'. Near the lists cap it counts them; at the cap it says so.
import { capState, type ListSummary } from '@kete/shared';
import { ChevronRight, ListChecks, ListPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { confirmAction } from '../../components/ui/action-toast.js';
import { Button } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/page-header.js';
import { CapNotice } from '../caps/cap-notice.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { createList } from './api/lists-api.js';
import { EmptyState } from './empty-state.js';
import { ListNameDialog } from './list-name-dialog.js';
import { itemCountText, putWorkspaceList, useWorkspaceLists } from './workspace-lists.js';

export function ListsScreen() {
  const lists = useWorkspaceLists();
  const open = useDrawerStore((s) => s.open);
  const [creating, setCreating] = useState(false);
  const cap = capState(lists.length, 'lists');
  const newList = (
    <Button
      variant="secondary"
      disabled={cap.atCap}
      onClick={() => setCreating(true)}
      className="rounded-full"
    >
      <ListPlus aria-hidden="true" className="size-5" />
      New list
    </Button>
  );
  return (
    <>
      <PageHeader title="Lists">{lists.length > 0 && newList}</PageHeader>
      <CapNotice cap={cap} className="mx-4 mb-3" />
      {lists.length === 0 ? (
        <EmptyState icon={ListChecks} title="No lists" text="Search for items to add them to a list">
          {newList}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
          {lists.map((list) => (
            <li key={list.id}>
              <ListRow list={list} onOpen={() => open({ kind: 'list', listId: list.id })} />
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <ListNameDialog
          title="Create list"
          onClose={() => setCreating(false)}
          onSave={async (name) => {
            const list = await createList(name);
            putWorkspaceList({ itemCount: 0, ...list });
            confirmAction(`Created the list ${list.name}`);
          }}
        />
      )}
    </>
  );
}

/** A list's row: the button is the name (its ::after covers the row, so a tap anywhere opens
 * it), and the count under it is the button's description, not part of its name. */
function ListRow({ list, onOpen }: { list: ListSummary; onOpen(): void }) {
  const id = useId();
  const count = itemCountText(list.itemCount);
  return (
    <div
      data-list-row={list.name}
      className="relative flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-stone-50"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <button
          type="button"
          aria-describedby={count ? id : undefined}
          onClick={onOpen}
          className="truncate text-left text-lg font-medium after:absolute after:inset-0 after:content-['']"
        >
          {list.name}
        </button>
        {count && (
          <span id={id} className="text-sm text-stone-600">
            {count}
          </span>
        )}
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-stone-400" />
    </div>
  );
}
