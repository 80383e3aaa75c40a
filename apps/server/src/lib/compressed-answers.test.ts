// A kept answer is compressed once per encoding (lib/compressed-answers.ts); anything else as before.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keepCompressedForms, zlibKeepingAnswers } from './compressed-answers.js';

const answer = () =>
  Buffer.from(JSON.stringify({ products: Array.from({ length: 200 }, (_, i) => `milk ${i}`) }));

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
