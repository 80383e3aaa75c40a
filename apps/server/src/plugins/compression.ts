// The API's answers travel compressed to clients that ask for it (Accept-Encoding: br or gzip):
// a phone on a slow link in the aisle waits for bytes, not for the server. Measured on the demo
// catalogue (brotli): start-up's answer 44.6 KB -> ~9 KB, a search's ~70 KB -> 4.5-5.5 KB, or
// 2.9-3.7 KB once it is asked for again and kept (lib/compressed-answers.ts).
// @fastify/compress does the negotiation, Vary and Content-Length (decision 0011); the web app's
// files are already stored compressed (plugins/web-app.ts, preCompressed) and keep their encoding.
//
// What is not compressed: answers under 1 KB (no gain), the live-changes stream (text/event-stream,
// which must flush each event at once), and clients that do not ask (curl without --compressed,
// most of the bench's runs). Request bodies are never decompressed: a compressed upload could
// unpack past the body limit, and no Kete client sends one.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { FRESH_BROTLI, FRESH_GZIP, zlibKeepingAnswers } from '../lib/compressed-answers.js';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Fast for answers sent once; a kept answer is compressed harder, once (lib/compressed-answers.ts).
    brotliOptions: FRESH_BROTLI,
    zlibOptions: FRESH_GZIP,
    // Compressed in one call on the event loop up to 256 KB (every answer but a large export), not
    // through a stream on the thread pool: a brotli stream per answer costs far more than the
    // compression itself. Bench (1,000 products, new-text search asked compressed, same run as
    // the uncompressed one): stream path 671 req/s against 3,428 uncompressed; one call 2,404
    // against 2,553. gzip in one call was 2,185 against 3,966.
    syncThreshold: 256 * 1024,
    zlib: zlibKeepingAnswers,
  });
}
