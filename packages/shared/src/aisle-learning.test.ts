import { describe, expect, it } from 'vitest';
import { learnAisleOrder, MIN_TRIPS, tripSequence, withUnseen } from './aisle-learning.js';
import { AISLES, type AisleKey } from './aisle-order.js';

const CHAIN = AISLES.map((a) => a.key);

// Recorded: the tick order of four real trips at one PAK'nSAVE (Albany), where the chilled wall
// is by the door and the bakery at the back (aisles of each tick, repeats as ticked).
const ALBANY: AisleKey[][] = [
  ['dairy', 'dairy', 'produce', 'produce', 'pantry', 'bakery', 'frozen'],
  ['dairy', 'produce', 'produce', 'pantry', 'pantry', 'drinks', 'bakery', 'frozen'],
  ['dairy', 'produce', 'pantry', 'bakery', 'meat', 'frozen', 'dairy'],
  ['dairy', 'produce', 'pantry', 'household', 'bakery', 'frozen'],
];

describe('learnAisleOrder', () => {
  it("keeps the chain's order before three trips", () => {
    const two = learnAisleOrder(ALBANY.slice(0, 2), CHAIN);
    expect(two).toEqual({ order: CHAIN, learned: false });
    // A trip of one aisle says nothing about an order and does not count.
    expect(learnAisleOrder([...ALBANY.slice(0, 2), ['produce', 'produce']], CHAIN).learned).toBe(false);
  });

  it('learns three trips that tick the same aisles in the same order', () => {
    const trip: AisleKey[] = ['frozen', 'dairy', 'bakery', 'produce'];
    const { order, learned } = learnAisleOrder([trip, trip, trip], CHAIN);
    expect(learned).toBe(true);
    expect(order.filter((a) => trip.includes(a))).toEqual(trip);
    expect(order).toHaveLength(CHAIN.length);
  });

  it('is not upset by one odd trip after three alike', () => {
    const usual: AisleKey[] = ['frozen', 'dairy', 'bakery', 'produce'];
    const odd: AisleKey[] = ['produce', 'bakery', 'dairy', 'frozen'];
    const { order } = learnAisleOrder([usual, usual, usual, odd], CHAIN);
    expect(order.filter((a) => usual.includes(a))).toEqual(usual);
  });

  it('follows a store that was re-laid out after trips in the new order', () => {
    const old: AisleKey[] = ['frozen', 'dairy', 'bakery', 'produce'];
    const now: AisleKey[] = ['produce', 'bakery', 'dairy', 'frozen'];
    const { order } = learnAisleOrder([old, old, old, now, now, now], CHAIN);
    expect(order.filter((a) => now.includes(a))).toEqual(now);
  });

  it('learns the recorded Albany trips, a return to the chiller not moving it', () => {
    const { order, learned } = learnAisleOrder(ALBANY, CHAIN);
    expect(learned).toBe(true);
    const seen: AisleKey[] = ['dairy', 'produce', 'pantry', 'bakery', 'frozen'];
    expect(order.filter((a) => seen.includes(a))).toEqual(seen);
    // Aisles seen once (drinks, meat, household) sit where their single trip put them.
    expect(order.indexOf('drinks')).toBeGreaterThan(order.indexOf('pantry'));
    expect(order.indexOf('meat')).toBeLessThan(order.indexOf('frozen'));
  });

  it('breaks a tie by the chain order', () => {
    // bakery and dairy each win one pair and never met: the chain puts bakery first.
    const { order } = learnAisleOrder(
      [
        ['dairy', 'frozen'],
        ['bakery', 'meat'],
        ['dairy', 'frozen'],
      ],
      CHAIN,
    );
    expect(order.indexOf('bakery')).toBeLessThan(order.indexOf('dairy'));
    expect(order.indexOf('dairy')).toBeLessThan(order.indexOf('frozen'));
    expect(order.indexOf('bakery')).toBeLessThan(order.indexOf('meat'));
  });

  it('on generated trips: any order ticked three times is learned, whatever odd trip follows', () => {
    let seed = 35;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const shuffled = <T>(items: readonly T[]) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    };
    for (let run = 0; run < 200; run++) {
      const size = 2 + Math.floor(random() * (CHAIN.length - 1));
      const walk = shuffled(CHAIN).slice(0, size);
      // Each trip ticks some items twice (going back), and may skip an aisle of the walk.
      const trip = () => {
        const skipped = walk.filter((_, i) => i === 0 || random() > 0.15);
        return skipped.flatMap((aisle) => (random() > 0.7 ? [aisle, aisle] : [aisle]));
      };
      const trips = [walk, walk, walk, ...Array.from({ length: Math.floor(random() * 3) }, trip)];
      trips.push(shuffled(walk));
      const { order, learned } = learnAisleOrder(trips, CHAIN);
      expect(learned).toBe(true);
      expect(order.filter((a) => walk.includes(a))).toEqual(walk);
      expect([...order].sort()).toEqual([...CHAIN].sort());
    }
  });

  it(`needs ${MIN_TRIPS} trips of two aisles or more`, () => {
    expect(MIN_TRIPS).toBe(3);
  });
});

describe('helpers', () => {
  it('tripSequence keeps where each aisle was first ticked', () => {
    expect(tripSequence(['dairy', 'produce', 'dairy', 'frozen'])).toEqual(['dairy', 'produce', 'frozen']);
  });

  it('withUnseen puts the missing aisles behind their chain predecessor', () => {
    expect(withUnseen(['c', 'a'], ['a', 'b', 'c', 'd'])).toEqual(['c', 'd', 'a', 'b']);
    expect(withUnseen([], ['a', 'b'])).toEqual(['a', 'b']);
    // Duplicates and strangers are dropped.
    expect(withUnseen(['b', 'x', 'b'], ['a', 'b'])).toEqual(['a', 'b']);
  });
});
