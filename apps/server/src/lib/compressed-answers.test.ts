// A kept answer is compressed once per encoding (lib/compressed-answers.ts); anything else as before.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FRESH_BROTLI, FRESH_GZIP, keepCompressedForms, zlibKeepingAnswers } from './compressed-answers.js';

// Shaped like a search answer: 50 products, each priced at six stores.
const words = ['Anchor', 'Blue', 'Top', 'Milk', 'Trim', 'Weet-Bix', 'Bread', 'Cheese', 'Tasty', 'Organic'];
const answer = () =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: 50 }, (_, i) => ({
        id: 1000 + i * 37,
        name: `${words[i % 10]} ${words[(i * 7) % 10]} ${words[(i * 3) % 10]} ${i}`,
        bestPrice: 199 + ((i * 7919) % 900),
        prices: Array.from({ length: 6 }, (_, s) => ({
          storeId: 11 + s * 13,
          price: 199 + ((i * 7919 + s * 104_729) % 1000),
          unitPrice: `$${(((i * 31 + s * 17) % 500) / 100).toFixed(2)}/100g`,
          special: (i + s) % 4 === 0,
        })),
      })),
    ),
  );

describe('compressed forms of kept answers', () => {
  it('compresses a kept answer once per encoding, each form its own', () => {
    const kept = answer();
    keepCompressedForms(kept);
    const br = zlibKeepingAnswers.brotliCompressSync(kept);
    const gzip = zlibKeepingAnswers.gzipSync(kept);
    // The same bytes again, not compressed afresh.
    expect(zlibKeepingAnswers.brotliCompressSync(kept)).toBe(br);
    expect(zlibKeepingAnswers.gzipSync(kept)).toBe(gzip);
    expect(brotliDecompressSync(br).equals(kept)).toBe(true);
    expect(gunzipSync(gzip).equals(kept)).toBe(true);
    // Compressed once, so compressed harder than an answer sent once.
    const sentOnce = answer();
    expect(br.length).toBeLessThan(zlibKeepingAnswers.brotliCompressSync(sentOnce, FRESH_BROTLI).length);
    expect(gzip.length).toBeLessThan(zlibKeepingAnswers.gzipSync(sentOnce, FRESH_GZIP).length);
  });

  it('compresses anything not kept on every call, the same content kept or not', () => {
    const once = answer();
    const first = zlibKeepingAnswers.brotliCompressSync(once);
    expect(zlibKeepingAnswers.brotliCompressSync(once)).not.toBe(first);
    // Equal content in another Buffer is another answer: only the kept Buffer itself is served from memory.
    const kept = answer();
    keepCompressedForms(kept);
    expect(zlibKeepingAnswers.brotliCompressSync(kept)).not.toBe(first);
    expect(brotliDecompressSync(zlibKeepingAnswers.brotliCompressSync(kept)).equals(once)).toBe(true);
  });
});
