// A store's own aisle order (issue 35, decision 0021), learned from the order in which a
// household ticks its list off at that store. Pure: the server learns with it, the tests prove it.
//
// The method: a weighted pairwise-precedence vote over the recent trips.
// 1. A trip is the aisles of its ticks in tick order, each aisle counted where it was FIRST ticked
//    (going back for a forgotten item is not where the aisle is). A trip needs two aisles to say
//    anything about an order; trips with fewer are left out.
// 2. Only the last LEARNING_TRIPS trips vote; the newest weighs 1, each older one RECENCY times
//    the one after it, so a store that is re-laid out is followed after a couple of trips.
// 3. For each pair of aisles seen together, the side with more weight (a came before b, or b
//    before a) wins the pair; each aisle scores its wins (a Copeland count). The order is by
//    score, and a tie keeps the chain's order.
// 4. With fewer than MIN_TRIPS voting trips the chain's order stands. Aisles no trip has shown
//    keep their place behind the aisle that precedes them in the chain's order.
// Three trips in one order outweigh one odd trip after them (0.8 + 0.64 + 0.51 > 1), so the odd
// trip does not upset what was learned; two odd trips in a row (1 + 0.8 > 1.95 - 0.8) begin to.

/** Voting trips needed before the learned order replaces the chain's. */
export const MIN_TRIPS = 3;
/** Only this many of the most recent trips vote. */
export const LEARNING_TRIPS = 10;
/** An older trip's weight is this times the next newer one's. */
export const RECENCY = 0.8;

/** The aisles of a trip in the order first ticked (later repeats dropped). */
export function tripSequence<T extends string>(ticked: readonly T[]): T[] {
  return [...new Set(ticked)];
}

export interface LearnedOrder<T extends string> {
  order: T[];
  /** False when too few trips voted and `order` is the chain's own. */
  learned: boolean;
}

/**
 * The learned order of `chain`'s aisles from `trips` (oldest first, each the aisles in tick order).
 * Aisles a trip names that the chain lacks are ignored.
 */
export function learnAisleOrder<T extends string>(
  trips: readonly (readonly T[])[],
  chain: readonly T[],
): LearnedOrder<T> {
  const known = new Set(chain);
  const voting = trips
    .map((trip) => tripSequence(trip.filter((aisle) => known.has(aisle))))
    .filter((trip) => trip.length >= 2)
    .slice(-LEARNING_TRIPS);
  if (voting.length < MIN_TRIPS) return { order: [...chain], learned: false };

  // before[a][b]: the weight of the trips that ticked a before b.
  const before = new Map<T, Map<T, number>>();
  const add = (a: T, b: T, weight: number) => {
    const row = before.get(a) ?? new Map<T, number>();
    row.set(b, (row.get(b) ?? 0) + weight);
    before.set(a, row);
  };
  voting.forEach((trip, index) => {
    const weight = RECENCY ** (voting.length - 1 - index);
    trip.forEach((a, i) => {
      for (const b of trip.slice(i + 1)) add(a, b, weight);
    });
  });
  const weightOf = (a: T, b: T) => before.get(a)?.get(b) ?? 0;

  const seen = chain.filter((aisle) => voting.some((trip) => trip.includes(aisle)));
  const score = new Map<T, number>(seen.map((aisle) => [aisle, 0]));
  for (const a of seen) {
    for (const b of seen) {
      // A small margin so that float noise is no win.
      if (a !== b && weightOf(a, b) > weightOf(b, a) + 1e-9) score.set(a, (score.get(a) ?? 0) + 1);
    }
  }
  const rank = new Map(chain.map((aisle, i) => [aisle, i]));
  const learned = [...seen].sort(
    (a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
  );
  return { order: withUnseen(learned, chain), learned: true };
}

/** `order` (some of chain's aisles) with the rest of chain's placed behind their chain predecessor. */
export function withUnseen<T extends string>(order: readonly T[], chain: readonly T[]): T[] {
  const result = order.filter((aisle, i) => chain.includes(aisle) && order.indexOf(aisle) === i);
  chain.forEach((aisle, i) => {
    if (result.includes(aisle)) return;
    const predecessor = chain.slice(0, i).findLast((p) => result.includes(p));
    result.splice(predecessor === undefined ? 0 : result.indexOf(predecessor) + 1, 0, aisle);
  });
  return result;
}
