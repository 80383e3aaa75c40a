import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../db/schema.js';
import { cachedAnswer } from './search-cache.js';

// The caches are kept per database object; no query runs here.
const db = {} as Kysely<DB>;

describe('search answer cache', () => {
  it('keeps the answer as its UTF-8 bytes, names with macrons included, and serves them again', async () => {
    const json = JSON.stringify([{ id: 1, name: 'Māori Potatoes 1kg', brand: 'Ōtaki' }]);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return json;
    };
    const first = await cachedAnswer(db, 'relevance|potato', [3, 1, 2], compute);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(first.toString('utf8')).toBe(json);
    expect(first.length).toBe(Buffer.byteLength(json));
    // Asked for a second time (the same stores in another order are the same answer): kept.
    const second = await cachedAnswer(db, 'relevance|potato', [1, 2, 3], compute);
    expect(second.toString('utf8')).toBe(json);
    expect(await cachedAnswer(db, 'relevance|potato', [2, 3, 1], compute)).toBe(second);
    expect(computed).toBe(2);
  });

  it('keeps an answer from its second request on, so texts typed once do not push out the rest', async () => {
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return '[]';
    };
    // 600 texts asked once each: more than the cache holds, yet none is kept.
    for (let i = 0; i < 600; i++) await cachedAnswer(db, `relevance|once${i}`, [7], compute);
    await cachedAnswer(db, 'relevance|milk', [7], compute);
    const kept = await cachedAnswer(db, 'relevance|milk', [7], compute);
    for (let i = 600; i < 1200; i++) await cachedAnswer(db, `relevance|once${i}`, [7], compute);
    const before = computed;
    expect(await cachedAnswer(db, 'relevance|milk', [7], compute)).toBe(kept);
    expect(computed).toBe(before);
  });

  it('answers each search correctly while evicting answers beyond its byte budget', async () => {
    const big = (text: string) => JSON.stringify([{ name: text.repeat(200_000) }]); // ~800 KB each
    for (let i = 0; i < 40; i++) {
      const answer = await cachedAnswer(db, `relevance|t${i}`, [1], async () => big(`t${i}`));
      expect(answer.toString('utf8')).toBe(big(`t${i}`));
    }
    // 40 x 800 KB is over the 16 MB budget: the first answers are computed again, correctly.
    let recomputed = false;
    const again = await cachedAnswer(db, 'relevance|t0', [1], async () => {
      recomputed = true;
      return big('t0');
    });
    expect(recomputed).toBe(true);
    expect(again.toString('utf8')).toBe(big('t0'));
  });
});
