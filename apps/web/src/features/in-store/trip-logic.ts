// In-store mode's rules (issue 13), pure so they are tested without a browser. A trip is what the
// plan sent to one store, snapshotted when the shopper starts there: ticking an item takes it off
// the shared list (as ticking always has), which would otherwise re-plan the rest mid-aisle.

export interface TripLine {
  /** What to take off the shelf (an 'Any brand' alternative when substituted). */
  productId: number;
  /** The shopping-list item it stands for; null for something scanned that was not on the list. */
  listedId: number | null;
  name: string;
  brand: string | null;
  displayUnits: string | null;
  imageUrl: string | null;
  saleType: 0 | 1;
  quantity: number;
  /** This store's price for the line, in cents. */
  lineTotal: number;
}

export interface Trip {
  storeId: number;
  startedAt: number;
  lines: TripLine[];
  /** Ticked lines by productId: what each cost when it went into the trolley. */
  ticked: Record<number, number>;
}

/** A trip left for longer than this is over: starting at the store again plans afresh. */
export const TRIP_LIFETIME_MS = 12 * 60 * 60 * 1000;

export const isStale = (trip: Trip, now: number) => now - trip.startedAt > TRIP_LIFETIME_MS;

/**
 * The lines to show: the trip's own, less those someone took off the list meanwhile (unless they
 * are already in the trolley), plus lines planned for this store since the trip began.
 */
export function mergeTripLines(
  trip: Trip,
  planned: readonly TripLine[],
  onList: ReadonlySet<number>,
): TripLine[] {
  const kept = trip.lines.filter(
    (line) => line.productId in trip.ticked || line.listedId === null || onList.has(line.listedId),
  );
  const known = new Set(kept.map((line) => line.listedId ?? -line.productId));
  return [...kept, ...planned.filter((line) => line.listedId !== null && !known.has(line.listedId))];
}

/** What is in the trolley (scanned extras too) and what was planned here (list items only). */
export function tripTotals(lines: readonly TripLine[], ticked: Record<number, number>) {
  let inTrolley = 0;
  let planned = 0;
  for (const line of lines) {
    if (line.listedId !== null) planned += line.lineTotal;
    const paid = ticked[line.productId];
    if (paid !== undefined) inTrolley += paid;
  }
  return { inTrolley, planned };
}

/** The Monday that starts the week of `date` (local time), as YYYY-MM-DD: the budget's week. */
export function weekOf(date: Date): string {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
}

/** How full a bar is, 0 to 1, and whether the amount went over. */
export function barFill(amount: number, of: number): { share: number; over: boolean } {
  if (of <= 0) return { share: amount > 0 ? 1 : 0, over: amount > 0 };
  return { share: Math.min(1, Math.max(0, amount / of)), over: amount > of };
}

/** '$150' or '$150.50' from text a shopper typed; null for empty; an Error message otherwise. */
export function parseBudget(text: string): number | null | { error: string } {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(cleaned) || Number(cleaned) <= 0) {
    return { error: 'Enter the budget in dollars, like 150 or 150.50.' };
  }
  return Math.round(Number(cleaned) * 100);
}
