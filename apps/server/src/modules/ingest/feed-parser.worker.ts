// The parsing thread of `kete ingest <file>`: bytes in, parsed chunks out (feed-chunk.ts), while
// the main thread writes the previous chunks to the database. A file is read here, not by the main
// thread: its event loop turns only between transactions, and a thread waiting on it for bytes
// would sit idle while the database works. At most `maxAhead` chunks wait for the writer, so a
// slow database never lets parsed lines pile up in memory.
import { readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ChunkParser, chunkBuffers, LineSplitter } from './feed-chunk.js';

export type ToParser = { type: 'bytes'; bytes: Uint8Array } | { type: 'end' } | { type: 'taken' };

export type FromParser =
  | { type: 'chunk'; chunk: import('./feed-chunk.js').ParsedChunk }
  | { type: 'more' }
  | { type: 'done' }
  | { type: 'failed'; message: string };

export interface ParserSettings {
  stores: [string, number][];
  /** An open file to read (its descriptor); without it the main thread sends the bytes. */
  fd?: number;
  chunkSize: number;
  maxAhead: number;
  /** The latest time a line may carry (feed-chunk.ts FUTURE_TOLERANCE_MS). */
  latest: number;
}

const port = parentPort;
if (!port) throw new Error('feed-parser.worker.ts runs as a worker thread');
const settings = workerData as ParserSettings;
const parser = new ChunkParser(settings.stores, settings.chunkSize, settings.latest);
let ahead = 0;
let wantsMore = false;
let ended = false;

const send = (message: FromParser, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function ship() {
  const chunk = parser.take();
  ahead++;
  send({ type: 'chunk', chunk }, chunkBuffers(chunk));
}

const splitter = new LineSplitter((line) => {
  parser.push(line);
  if (parser.full) ship();
});

/** Asks for the next bytes while fewer than maxAhead chunks wait for the writer. */
function askForMore() {
  if (ended) return;
  if (ahead < settings.maxAhead) {
    wantsMore = false;
    send({ type: 'more' });
  } else wantsMore = true;
}

/** Reading a file: wakes the read loop when the writer takes a chunk. */
let taken: (() => void) | undefined;

async function readFile(fd: number) {
  const block = Buffer.allocUnsafe(1 << 20);
  for (;;) {
    while (ahead >= settings.maxAhead) await new Promise<void>((resolve) => (taken = resolve));
    const n = readSync(fd, block, 0, block.length, null);
    if (n === 0) break;
    splitter.write(block.subarray(0, n));
  }
  splitter.end();
  if (parser.pending) ship();
  send({ type: 'done' });
}

port.on('message', (message: ToParser) => {
  try {
    if (message.type === 'taken') {
      ahead--;
      taken?.();
      taken = undefined;
      if (wantsMore) askForMore();
    } else if (message.type === 'bytes') {
      splitter.write(message.bytes);
      askForMore();
    } else {
      ended = true;
      splitter.end();
      if (parser.pending) ship();
      send({ type: 'done' });
    }
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  }
});

if (settings.fd === undefined) askForMore();
else
  readFile(settings.fd).catch((error: unknown) =>
    send({ type: 'failed', message: (error as Error).stack ?? String(error) }),
  );
