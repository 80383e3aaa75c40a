// /w/shop/:storeId, in-store mode (issue 13): one store's part of the shopping list grouped by
// aisle in walking order; a tap (or a scan) ticks an item into the trolley; bars show the trolley
// against what was planned here and the week's spend against the household's budget. Issue 49:
// the rest of the list follows under 'Also on your list', tickable here too, then what the household
// wrote in with no product ('Any store'), ticked off as on the shopping list.
import { formatMoney } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { StoreTypeIcon } from '../../components/ui/chain-mark.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { cartQuery, textItemsQuery } from '../cart/api/cart-api.js';
import { TextItemRows } from '../cart/text-item-rows.js';
import { GoingShopping } from '../household/going-shopping.js';
import { endTrip, isMyTrip, useNewWhileShopping, useShoppingTrip } from '../household/shopping-trip.js';
import { EmptyState } from '../lists/empty-state.js';
import { LiveChanges } from '../live/live-changes.js';
import { PantryOffer, type PantryOfferItem } from '../meals/pantry-offer.js';
import { usePlanSettings } from '../plan/plan-settings.js';
import { AisleGroups } from './aisle-groups.js';
import { AlsoOnYourList, alsoTripLine } from './also-on-your-list.js';
import { MoneyBar } from './budget-bar.js';
import { BudgetDialog } from './budget-dialog.js';
import { type ScanOutcome, ScanToTrolley } from './scan-to-trolley.js';
import { type TripLine, tripTotals } from './trip-logic.js';
import { TripRow } from './trip-row.js';
import { usePlannedLines } from './use-planned-lines.js';
import { useTrip } from './use-trip.js';

export function InStorePage() {
  const storeId = Number(useParams().storeId);
  const store = useWorkspaceStore((s) => s.data?.stores.all.find((x) => x.id === storeId));
  if (!store) return <Navigate to="/w/cart" replace />;
  return <InStoreScreen key={store.id} storeId={store.id} storeName={store.name} storeType={store.type} />;
}

function InStoreScreen({
  storeId,
  storeName,
  storeType,
}: {
  storeId: number;
  storeName: string;
  storeType: 1 | 2 | 3;
}) {
  const navigate = useNavigate();
  const { data: cart } = useQuery(cartQuery);
  const writtenIn = useQuery(textItemsQuery).data ?? [];
  const { lines: planned, elsewhere } = usePlannedLines(storeId, cart);
  const trip = useTrip(storeId, planned, cart);
  const allStores = useWorkspaceStore((s) => s.data?.stores.all);
  const nameOf = (id: number) => allStores?.find((x) => x.id === id)?.name ?? 'another store';
  const inTrip = new Set(trip.lines.map((line) => line.listedId));
  const alsoOnList = elsewhere.filter((found) => !inTrip.has(found.productId));
  // A scan finds what is planned elsewhere too: ticked here, as a tap on its row does.
  const alsoLines = alsoOnList.map(alsoTripLine);
  const isAlso = (line: TripLine) => alsoLines.includes(line);
  const { weeklyBudget, update } = usePlanSettings();
  const [editingBudget, setEditingBudget] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  // Issue 34: a ticked item may go in the pantry (meals/pantry-offer.tsx).
  const [pantryOffer, setPantryOffer] = useState<PantryOfferItem | null>(null);
  const { inTrolley, planned: plannedTotal } = tripTotals(trip.lines, trip.ticked);
  const newIds = useNewWhileShopping((s) => s.ids);
  const shopping = useShoppingTrip();

  return (
    <div className="mx-auto min-h-dvh w-full max-w-3xl pb-[calc(2rem+var(--spacing-safe-bottom))]">
      <header className="sticky top-0 z-10 flex flex-col gap-3 border-b border-stone-200 bg-white px-2 pt-3 pb-3">
        <div className="flex items-center gap-2">
          <Link
            to="/w/cart"
            aria-label="Leave in-store mode"
            className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-stone-100"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </Link>
          <StoreTypeIcon type={storeType} size={16} />
          <h1 className="min-w-0 flex-1 truncate text-xl font-bold">{storeName}</h1>
          <ScanToTrolley
            storeId={storeId}
            storeName={storeName}
            lines={[...trip.lines, ...alsoLines]}
            ticked={trip.ticked}
            onTick={(line) => void trip.tick(line, !isAlso(line))}
            onAdd={(line) => void trip.addToTrolley(line)}
            onOutcome={setOutcome}
          />
        </div>
        <div className="flex flex-col gap-2 px-2">
          {plannedTotal > 0 ? (
            <MoneyBar label="In the trolley" amount={inTrolley} of={plannedTotal} />
          ) : (
            <p data-trolley-total className="flex justify-between text-sm">
              <span className="font-medium text-stone-700">In the trolley</span>
              <span className="tabular font-bold">{formatMoney(inTrolley)}</span>
            </p>
          )}
          {weeklyBudget === null ? (
            <button
              type="button"
              onClick={() => setEditingBudget(true)}
              className="min-h-11 self-start text-sm font-semibold text-flax-700 underline"
            >
              Set a weekly budget
            </button>
          ) : (
            <MoneyBar
              label="This week's budget"
              amount={trip.weekSpend}
              of={weeklyBudget}
              action={
                <button
                  type="button"
                  onClick={() => setEditingBudget(true)}
                  aria-label="Change the weekly budget"
                  className="-my-3 min-h-11 px-1 text-sm font-semibold text-flax-700 underline"
                >
                  Change
                </button>
              }
            />
          )}
        </div>
        <PantryOffer item={pantryOffer} onDone={() => setPantryOffer(null)} />
      </header>
      {/* Live here too (issue 35): what the household adds while this member shops shows at once. */}
      <LiveChanges />
      <GoingShopping storeId={storeId} storeName={storeName} />
      {outcome && (
        <Alert kind={outcome.kind} className="mx-4 mt-3">
          {outcome.text}
        </Alert>
      )}
      {!trip.ready && <DelayedSpinner label="Loading the trip" />}
      {trip.ready && trip.lines.length === 0 && (
        <EmptyState
          icon={ShoppingBasket}
          title="Nothing to buy here"
          text="No item on the shopping list is planned for this store. Scan anything you pick up."
        />
      )}
      <AisleGroups storeId={storeId} lines={trip.lines}>
        {(_aisle, items) => (
          <ul className="divide-y divide-stone-200">
            {items.map((line) => {
              const ticked = line.productId in trip.ticked;
              return (
                <li key={line.productId}>
                  <TripRow
                    line={line}
                    ticked={ticked}
                    isNew={line.listedId !== null && newIds.has(line.listedId)}
                    onToggle={() => {
                      if (!ticked) setPantryOffer(line);
                      void (ticked ? trip.untick(line) : trip.tick(line));
                    }}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </AisleGroups>
      {trip.ready && (
        <AlsoOnYourList
          items={alsoOnList}
          storeName={nameOf}
          onTick={(line) => {
            setPantryOffer(line);
            void trip.tick(line, false);
          }}
        />
      )}
      {trip.ready && <TextItemRows items={writtenIn} />}
      {trip.ready && (
        <div className="flex flex-col gap-2 px-4 pt-6">
          <Button
            variant="secondary"
            onClick={async () => {
              await trip.finish();
              if (isMyTrip(shopping)) await endTrip().catch(() => undefined);
              navigate('/w/cart');
            }}
          >
            Finish this trip
          </Button>
          <p className="text-center text-sm text-stone-600">Leaving keeps what is in the trolley.</p>
        </div>
      )}
      {editingBudget && (
        <BudgetDialog
          current={weeklyBudget}
          onSave={(cents) => update({ weeklyBudget: cents })}
          onClose={() => setEditingBudget(false)}
        />
      )}
    </div>
  );
}
