// Serialised answers (UTF-8 JSON) kept per process while the catalogue stays the same: a search's
// results, a shopping list. Kept as bytes: outside the JavaScript heap (whose garbage collector
// grows the heap in proportion to what stays alive), half the size of a string holding a name such
// as "Māori" (one such character makes the whole string two bytes a character), and sent to the
// socket as they are instead of encoded again on every send. Cleared with every catalogue cache.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { catalogueCache } from './catalogue-cache.js';
import { keepCompressedForms } from './compressed-answers.js';

/** Prices change only with an ingest (which clears the caches); this only bounds an entry's life. */
const ANSWER_TTL_MS = 60_000;
/** Each cache's bound: a search answer is ~62 KB, a 60-item shopping list ~85 KB. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Keys asked for once lately, remembered so their second request keeps the answer. */
const MAX_ASKED_ONCE = 4_096;

/** A set of stores as part of a key: the same stores in any order are the same answer. */
export const storeSetKey = (storeIds: number[]) => [...storeIds].sort((a, b) => a - b).join(',');

/**
 * Writes an answer. `sentOnce`: it will not be kept, only sent, so its bytes may come from
 * lib/send-buffers.ts (and the route gives them back with reuseAfterSent).
 */
export type AnswerCompute = (sentOnce: boolean) => Promise<string | Buffer>;

/**
 * An answer is kept from its second request on, not its first. Most search texts are typed once
 * (a shopper's own words, half-typed, with typos): keeping each of them pushed out the answers
 * asked again and again ("milk"), and every kept answer outlived V8's young generation, so its
 * 62 KB outside the heap was freed only by a full collection. At 750 new texts a second per
 * process that was a full mark-compact every ~0.4 s, with pauses of 5-30 ms (the p95 of a new
 * search; decision 0011, fifth round). An answer asked for once now dies young, and is freed by the
 * next scavenge.
 */
export function answerCache(db: Kysely<DB>, name: string, maxEntries: number) {
  const cache = catalogueCache<Buffer>(db, name, ANSWER_TTL_MS, {
    maxEntries,
    maxBytes: MAX_ANSWER_BYTES,
    sizeOf: (answer) => answer.length,
  });
  const askedOnce = askedOnceOf(cache);
  // A compute may write its bytes itself (products/product-json.ts productListBytes), told whether
  // they are sent once and dropped (then they may be in reused memory: lib/send-buffers.ts).
  const encode = async (compute: AnswerCompute, sentOnce: boolean) => {
    const answer = await compute(sentOnce);
    return typeof answer === 'string' ? Buffer.from(answer, 'utf8') : answer;
  };
  // Sent again and again: compressed once per encoding (lib/compressed-answers.ts).
  const keep = async (compute: AnswerCompute) => {
    const answer = await encode(compute, false);
    keepCompressedForms(answer);
    return answer;
  };
  return {
    /** The answer kept under `key`, or `compute`'s JSON (kept if `key` was asked for lately). */
    get: async (key: string, compute: AnswerCompute): Promise<Buffer> => {
      const kept = cache.peek(key);
      if (kept) return kept;
      if (askedOnce.delete(key)) return cache.get(key, () => keep(compute));
      // A bounded memory of first requests: when full it starts again (a key then waits one
      // request longer to be kept).
      if (askedOnce.size >= MAX_ASKED_ONCE) askedOnce.clear();
      askedOnce.add(key);
      return encode(compute, true);
    },
    clear: () => cache.clear(),
  };
}

const askedOnceByCache = new WeakMap<object, Set<string>>();

function askedOnceOf(cache: object): Set<string> {
  let keys = askedOnceByCache.get(cache);
  if (!keys) {
    keys = new Set();
    askedOnceByCache.set(cache, keys);
  }
  return keys;
}
