// The API's answers travel compressed to clients that ask for it (Accept-Encoding: br or gzip):
// a phone on a slow link in the aisle waits for bytes, not for the server. Measured on the demo
// catalogue: start-up's answer 45 KB -> ~6 KB, a search's 62 KB -> ~8 KB. @fastify/compress does
// the negotiation, Vary and Content-Length (decision 0011); the web app's files are already
// stored compressed (plugins/web-app.ts, preCompressed) and keep their Content-Encoding.
//
// What is not compressed: answers under 1 KB (no gain), the live-changes stream (text/event-stream,
// which must flush each event at once), and clients that do not ask (the bench's load generator,
// curl without --compressed). Request bodies are never decompressed: a compressed upload could
// unpack past the body limit, and no Kete client sends one.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    // Brotli at quality 4 (the plugin's default): most of its gain for a fraction of 11's cost.
    encodings: ['br', 'gzip'],
  });
}
