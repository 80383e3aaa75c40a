// One store's trip: loaded from the local database, or started from what the plan sends to this
// store; ticking puts a line in the trolley and takes its item off the shared shopping list (as
// ticking always does); unticking puts it back on the list with the same quantity.
import type { CartItem } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { addToCart, cartQueryKey, removeCartItem } from '../cart/api/cart-api.js';
import { serverNow } from '../live/server-clock.js';
import { isStale, mergeTripLines, type Trip, type TripLine } from './trip-logic.js';
import { addWeekSpend, deleteTrip, loadTrip, loadWeekSpend, saveTrip } from './trip-storage.js';

export function useTrip(storeId: number, planned: TripLine[] | undefined, cart: CartItem[] | undefined) {
  const queryClient = useQueryClient();
  const [trip, setTrip] = useState<Trip | null>(null);
  const [saved, setSaved] = useState<Trip | null | undefined>(undefined);
  const [weekSpend, setWeekSpend] = useState(0);

  useEffect(() => {
    let live = true;
    void Promise.all([loadTrip(storeId), loadWeekSpend()]).then(([found, spend]) => {
      if (!live) return;
      setSaved(found && !isStale(found, Date.now()) ? found : null);
      setWeekSpend(spend);
    });
    return () => {
      live = false;
    };
  }, [storeId]);

  // Start (or resume) once both the saved trip and the plan for this store are known.
  useEffect(() => {
    if (saved === undefined || !planned || trip) return;
    const started = saved ?? { storeId, startedAt: Date.now(), lines: planned, ticked: {} };
    setTrip(started);
    if (!saved) void saveTrip(started);
  }, [saved, planned, trip, storeId]);

  const onList = useMemo(() => new Set(cart?.map((item) => item.product.id) ?? []), [cart]);
  const lines = useMemo(
    () => (trip ? mergeTripLines(trip, planned ?? [], onList) : []),
    [trip, planned, onList],
  );

  const update = useCallback((next: Trip) => {
    setTrip(next);
    void saveTrip(next);
  }, []);

  const setCart = useCallback(
    (change: (items: CartItem[]) => CartItem[]) =>
      queryClient.setQueryData<CartItem[]>(cartQueryKey, (items) => (items ? change(items) : items)),
    [queryClient],
  );

  /** `planned` false: an item planned for another store, bought here after all (issue 49), joins
   * the trip as it goes into the trolley. */
  async function tick(line: TripLine, planned = true) {
    if (!trip) return;
    const withLine = planned ? lines : [...lines, line];
    update({ ...trip, lines: withLine, ticked: { ...trip.ticked, [line.productId]: line.lineTotal } });
    setWeekSpend(await addWeekSpend(line.lineTotal));
    const listedId = line.listedId;
    if (listedId === null || !onList.has(listedId)) return;
    try {
      // The trip's start names it; the server's clock places the tick (offline too: the outbox
      // keeps the body and sends it later).
      await removeCartItem(listedId, { storeId, trip: trip.startedAt, at: Math.round(serverNow()) });
      setCart((items) => items.filter((item) => item.product.id !== listedId));
    } catch {
      // The API client has shown the failure; the line stays in the trolley and on the list.
    }
  }

  async function untick(line: TripLine) {
    if (!trip) return;
    const { [line.productId]: paid = 0, ...rest } = trip.ticked;
    const keep = line.listedId === null ? lines.filter((l) => l.productId !== line.productId) : lines;
    update({ ...trip, lines: keep, ticked: rest });
    setWeekSpend(await addWeekSpend(-paid));
    const listedId = line.listedId;
    if (listedId === null || onList.has(listedId)) return;
    try {
      const item = await addToCart(listedId, line.quantity);
      setCart((items) => [...items.filter((i) => i.product.id !== listedId), item]);
    } catch {
      // Shown by the API client; the line stays unticked in the trip either way.
    }
  }

  /** Something scanned that was not on the list goes straight into the trolley. */
  async function addToTrolley(line: TripLine) {
    if (!trip) return;
    update({
      ...trip,
      lines: [...lines, line],
      ticked: { ...trip.ticked, [line.productId]: line.lineTotal },
    });
    setWeekSpend(await addWeekSpend(line.lineTotal));
  }

  async function finish() {
    setTrip(null);
    setSaved(null);
    await deleteTrip(storeId);
  }

  return {
    ready: trip !== null,
    lines,
    ticked: trip?.ticked ?? {},
    weekSpend,
    tick,
    untick,
    addToTrolley,
    finish,
  };
}
