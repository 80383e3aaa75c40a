// 'Select stores': search by name (with 'Cancel' while the box has focus), the 'All' / 'Near me'
// tabs while the device location is available, the list with selected stores first, and the
// confirm button ('Go shopping' the first time, 'Done' after), disabled with nothing selected.
// Near the store cap it counts ("18 of 20 stores"); at it, other stores cannot be ticked and the
// cap's message says why. A refusal from the server (the cap reached on another phone) shows here.
import { capState } from '@kete/shared';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { SearchBox } from '../../components/ui/search-box.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CapNotice } from '../caps/cap-notice.js';
import { refusalMessage } from '../caps/show-refusal.js';
import { STORE_CAP_ID, StoreList } from './store-list.js';
import { emptyMessage, type StoreTab, storeRows } from './store-rows.js';
import { StoreTabs } from './store-tabs.js';
import { useConfirmStores } from './use-confirm-stores.js';
import { useLocation } from './use-location.js';

export function StoreSelectionStep({ firstTime, onDone }: { firstTime: boolean; onDone(): void }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.all ?? []);
  const [pinnedIds] = useState(
    () => new Set(useWorkspaceStore.getState().data?.stores.workspace.map((s) => s.id)),
  );
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(pinnedIds);
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [tab, setTab] = useState<StoreTab>('all');
  const { location, locate } = useLocation();
  const confirm = useConfirmStores(onDone);

  const showTabs = location.status !== 'unavailable' && location.status !== 'refused';
  const activeTab: StoreTab = showTabs ? tab : 'all';
  const here = location.status === 'located' ? location.here : null;
  const rows = useMemo(
    () => storeRows({ stores, pinnedIds, text, tab: activeTab, here }),
    [stores, pinnedIds, text, activeTab, here],
  );

  const cap = capState(selectedIds.size, 'stores');
  const failure = confirm.error ? refusalMessage(confirm.error) : null;

  const toggle = (storeId: number) => {
    confirm.reset();
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.delete(storeId)) return next;
      return capState(current.size, 'stores').atCap ? current : next.add(storeId);
    });
  };

  const chooseTab = (next: StoreTab) => {
    setTab(next);
    if (next === 'near' && location.status === 'idle') locate();
  };

  const locating = activeTab === 'near' && location.status !== 'located';
  return (
    <>
      <div className="flex items-center gap-2 px-4 pt-3">
        <SearchBox
          className="flex-1"
          label="Search stores"
          value={text}
          onChange={setText}
          onFocus={() => setSearching(true)}
          onBlur={() => setSearching(false)}
        />
        {searching && (
          <button
            type="button"
            // Keeps focus in the box until the click lands, or the button would vanish first.
            onPointerDown={(event) => event.preventDefault()}
            onClick={(event) => {
              setText('');
              setSearching(false);
              (document.activeElement as HTMLElement | null)?.blur();
              event.currentTarget.blur();
            }}
            className="min-h-11 rounded-xl px-2 font-medium text-flax-700 hover:bg-flax-50"
          >
            Cancel
          </button>
        )}
      </div>
      {showTabs && <StoreTabs tab={activeTab} onChange={chooseTab} />}
      {location.status === 'refused' && (
        // 'Near me' gone without a word left the shopper guessing (issue 37 item 8).
        <Alert kind="information" className="mx-4 mt-2">
          <p data-location-refused>
            Near me needs your location, and this browser is not sharing it. Allow location for this site in
            your browser's settings to see the stores nearest you.
          </p>
        </Alert>
      )}
      {failure ? (
        // In the cap notice's place: the same words twice would read as two problems.
        <Alert kind="danger" className="mx-4 mt-2">
          <p id={STORE_CAP_ID}>{failure}</p>
        </Alert>
      ) : (
        <CapNotice cap={cap} messageId={STORE_CAP_ID} className="mx-4 mt-2" />
      )}
      <div className="mt-2 flex min-h-0 flex-1 flex-col border-t border-stone-200">
        {locating ? (
          <DelayedSpinner label="Finding stores near you" />
        ) : rows.length === 0 ? (
          <p className="p-6 text-center text-stone-700">{emptyMessage(text)}</p>
        ) : (
          <StoreList rows={rows} selectedIds={selectedIds} full={cap.atCap} onToggle={toggle} />
        )}
      </div>
      <footer className="flex items-center gap-3 border-t border-stone-200 px-4 pt-3 pb-4">
        <p className="tabular flex-1 text-sm text-stone-700" aria-live="polite">
          {selectedIds.size === 1 ? '1 store selected' : `${selectedIds.size} stores selected`}
        </p>
        <Button
          disabled={selectedIds.size === 0}
          busy={confirm.isPending}
          onClick={() => confirm.mutate({ before: pinnedIds, after: selectedIds })}
        >
          {firstTime ? 'Go shopping' : 'Done'}
        </Button>
      </footer>
    </>
  );
}
