// Kept answers (lib/answer-cache.ts: a repeated search, a shopping list) are compressed once per
// encoding, not on every send. A phone always asks for a compressed answer, and brotli costs
// ~0.2 ms of the event loop for a 62 KB search answer: about half of what the rest of a repeated
// search costs (decision 0011). An answer asked for once is compressed as it goes, as before.
//
// How: @fastify/compress takes a `zlib` of our own (plugins/compression.ts) and calls its one-call
// compressors with the very Buffer the route sent. A Buffer that answer-cache kept is marked here,
// and its compressed bytes live exactly as long as it does (a WeakMap: dropped from the cache,
// gone with it). The plugin still negotiates the encoding and sets Vary and Content-Length.
import zlib, { type BrotliOptions, type InputType, type ZlibOptions } from 'node:zlib';

type Encoding = 'br' | 'gzip';
type Bytes = ReturnType<typeof zlib.gzipSync>;
const compressedOf = new WeakMap<Buffer, Partial<Record<Encoding, Bytes>>>();

/** Marks an answer that will be sent again: its compressed forms are kept with it. */
export function keepCompressedForms(answer: Buffer): void {
  if (!compressedOf.has(answer)) compressedOf.set(answer, {});
}

function once<O>(encoding: Encoding, compress: (input: InputType, options?: O) => Bytes) {
  return (input: InputType, options?: O): Bytes => {
    const kept = Buffer.isBuffer(input) ? compressedOf.get(input) : undefined;
    if (!kept) return compress(input, options);
    const done = kept[encoding];
    if (done) return done;
    const fresh = compress(input, options);
    kept[encoding] = fresh;
    return fresh;
  };
}

/** node:zlib, but a kept answer's compressed bytes come from memory after its first send. */
export const zlibKeepingAnswers: typeof zlib = {
  ...zlib,
  brotliCompressSync: once<BrotliOptions>('br', zlib.brotliCompressSync),
  gzipSync: once<ZlibOptions>('gzip', zlib.gzipSync),
};
