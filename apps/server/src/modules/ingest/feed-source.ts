// Where parsed chunks come from: lines given in-process (parsed on this thread), or a byte stream
// (a feed file, stdin) parsed on a worker thread while this thread writes to the database. Both
// run the same ChunkParser, so they give the same chunks.
import { existsSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ChunkParser, LineSplitter, type ParsedChunk } from './feed-chunk.js';
import type { FromParser, ParserSettings, ToParser } from './feed-parser.worker.js';

/** Entries per chunk: small enough to keep the writer busy, large enough to cost little to pass. */
export const CHUNK_SIZE = 4096;
/** Chunks the parsing thread may have waiting for the writer (~2 MB of arrays): more than one
 * transaction's worth, so it parses the next batch while the database writes this one. */
const MAX_AHEAD = 12;

export async function* chunksFromLines(
  stores: Map<string, number>,
  lines: AsyncIterable<string> | Iterable<string>,
  chunkSize = CHUNK_SIZE,
  latest = Number.POSITIVE_INFINITY,
): AsyncGenerator<ParsedChunk> {
  const parser = new ChunkParser(stores, chunkSize, latest);
  for await (const line of lines) {
    parser.push(line);
    if (parser.full) yield parser.take();
  }
  if (parser.pending) yield parser.take();
}

/** The compiled worker; absent when running from TypeScript sources (the test runner). */
const workerFile = fileURLToPath(new URL('./feed-parser.worker.js', import.meta.url));
export const parserThreadAvailable = () => existsSync(workerFile);

export interface SourceOptions {
  /** Parse on a worker thread (default: when the compiled worker is there). */
  thread?: boolean;
  chunkSize?: number;
  /** The latest `observedAt` a line may carry (later: a bad line). */
  latest?: number;
}

/** Bytes of a feed, split into lines and parsed: on a worker thread when it is available. */
export function chunksFromStream(
  stores: Map<string, number>,
  input: Readable,
  options: SourceOptions = {},
): AsyncGenerator<ParsedChunk> {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const latest = options.latest ?? Number.POSITIVE_INFINITY;
  if (options.thread ?? parserThreadAvailable()) return viaThread(stores, { input }, chunkSize, latest);
  return inline(stores, input, chunkSize, latest);
}

/** An open feed file, read and parsed on a worker thread when it is available. */
export function chunksFromFile(
  stores: Map<string, number>,
  file: FileHandle,
  options: SourceOptions = {},
): AsyncGenerator<ParsedChunk> {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const latest = options.latest ?? Number.POSITIVE_INFINITY;
  if (options.thread ?? parserThreadAvailable()) return viaThread(stores, { fd: file.fd }, chunkSize, latest);
  const input = file.createReadStream({ autoClose: false, highWaterMark: 1 << 20 });
  return inline(stores, input, chunkSize, latest);
}

async function* inline(stores: Map<string, number>, input: Readable, chunkSize: number, latest: number) {
  const parser = new ChunkParser(stores, chunkSize, latest);
  const ready: ParsedChunk[] = [];
  const splitter = new LineSplitter((line) => {
    parser.push(line);
    if (parser.full) ready.push(parser.take());
  });
  for await (const bytes of input) {
    splitter.write(typeof bytes === 'string' ? Buffer.from(bytes) : (bytes as Buffer));
    while (ready.length) yield ready.shift() as ParsedChunk;
  }
  splitter.end();
  while (ready.length) yield ready.shift() as ParsedChunk;
  if (parser.pending) yield parser.take();
}

async function* viaThread(
  stores: Map<string, number>,
  from: { input: Readable } | { fd: number },
  chunkSize: number,
  latest: number,
) {
  const settings: ParserSettings = {
    stores: [...stores],
    chunkSize,
    latest,
    maxAhead: MAX_AHEAD,
    ...('fd' in from ? { fd: from.fd } : {}),
  };
  // Its garbage is short-lived (one JSON object a line): a small young generation keeps the
  // thread's heap ~10 MB smaller at no measurable cost.
  const worker = new Worker(workerFile, {
    workerData: settings,
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const send = (message: ToParser, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const bytes = 'input' in from ? from.input[Symbol.asyncIterator]() : undefined;
  const chunks: ParsedChunk[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const feed = async () => {
    if (!bytes) return;
    try {
      const next = await bytes.next();
      if (next.done) {
        send({ type: 'end' });
        return;
      }
      const value = typeof next.value === 'string' ? Buffer.from(next.value) : (next.value as Buffer);
      // A stream's buffer may be a view on a shared pool: pass our own copy then, else move it.
      const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
      const own = whole ? value : new Uint8Array(value);
      send({ type: 'bytes', bytes: own }, [own.buffer as ArrayBuffer]);
    } catch (error) {
      failure = error as Error;
      notify();
    }
  };

  worker.on('message', (message: FromParser) => {
    if (message.type === 'more') void feed();
    else if (message.type === 'chunk') chunks.push(message.chunk);
    else if (message.type === 'done') finished = true;
    else failure = new Error(`feed parser failed: ${message.message}`);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    if (!finished && !failure) failure = new Error(`feed parser stopped (exit code ${code})`);
    notify();
  });

  try {
    for (;;) {
      if (failure) throw failure;
      const chunk = chunks.shift();
      if (chunk) {
        yield chunk;
        send({ type: 'taken' });
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    await worker.terminate();
    if ('input' in from) from.input.destroy();
  }
}
