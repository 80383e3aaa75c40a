// How hard an answer is compressed depends on how often it is sent. A phone always asks for a
// compressed answer, and at full NZ scale brotli at quality 4 cost a new-text search a third of its
// throughput (decision 0011): ~0.25 ms of the event loop for 62 KB.
//
// - An answer sent once (a new search text, start-up data) is compressed fast: brotli quality 1,
//   gzip level 1. A 62 KB search answer becomes 4.5-5.5 KB in ~0.1 ms (3.5-4.4 KB at quality 4).
// - A kept answer (lib/answer-cache.ts: a repeated search, a shopping list) is compressed once per
//   encoding, harder (brotli 6: 2.9-3.7 KB, ~0.4 ms once), and sent again from memory.
//
// How: @fastify/compress takes a `zlib` of our own (plugins/compression.ts) and calls its one-call
// compressors with the very Buffer the route sent. A Buffer that answer-cache kept is marked here,
// and its compressed bytes live exactly as long as it does (a WeakMap: dropped from the cache,
// gone with it). The plugin still negotiates the encoding and sets Vary and Content-Length.
import zlib, { type BrotliOptions, type InputType, type ZlibOptions } from 'node:zlib';

type Encoding = 'br' | 'gzip';
type Bytes = ReturnType<typeof zlib.gzipSync>;

const brotliAt = (quality: number): BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality },
});
/** For answers sent once (the plugin's options). */
export const FRESH_BROTLI = brotliAt(1);
export const FRESH_GZIP: ZlibOptions = { level: 1 };
/** For kept answers, compressed once each. */
const KEPT = { br: brotliAt(6), gzip: { level: 9 } } satisfies Record<Encoding, BrotliOptions | ZlibOptions>;

const compressedOf = new WeakMap<Buffer, Partial<Record<Encoding, Bytes>>>();

/** Marks an answer that will be sent again: compressed harder, once, and kept with it. */
export function keepCompressedForms(answer: Buffer): void {
  if (!compressedOf.has(answer)) compressedOf.set(answer, {});
}

function once<O>(encoding: Encoding, compress: (input: InputType, options?: O) => Bytes) {
  return (input: InputType, options?: O): Bytes => {
    const kept = Buffer.isBuffer(input) ? compressedOf.get(input) : undefined;
    if (!kept) return compress(input, options);
    const done = kept[encoding];
    if (done) return done;
    const fresh = compress(input, KEPT[encoding] as O);
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
