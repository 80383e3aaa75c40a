// Feed lines turned into compact chunks: numbers in typed arrays (cheap to pass from the parsing
// thread to the writing one, and no object per line), strings only where they are new. The same
// code runs in the parsing worker (feed-parser.worker.ts, for `kete ingest <file>`) and in-process
// (ingestLines over an array or generator of lines), so both give the same verdicts and numbers.
import { StringDecoder } from 'node:string_decoder';
import type { StoreType } from '@kete/shared';
import { storeKey } from './catalogue-state.js';
import { BadLine, MAX_FEED_LINE_LENGTH, type PriceObservation, parseFeedLine } from './feed-line.js';

export const KIND_PRICE = 0;
export const KIND_DELISTED = 1;
export const KIND_LISTING_COMPLETE = 2;

/** "No value" in the integer columns (every real value there is 0 or more). */
export const NONE = -1;

export interface ParsedChunk {
  /** Lines read for this chunk, blank and bad ones included. */
  lines: number;
  /** Entries: good price, delisted and listing-complete lines, in feed order. */
  count: number;
  kind: Uint8Array;
  store: Int32Array;
  /** Source key number (see `keys`); NONE for a listing-complete line. */
  key: Int32Array;
  observedAt: Float64Array;
  /** Listing-complete lines only. */
  since: Float64Array;
  price: Int32Array;
  basePrice: Int32Array;
  unitPrice: Int32Array;
  /** Index into the run's unit-measure table (see `measures`), or NONE. */
  unitMeasure: Int32Array;
  promotionType: Int32Array;
  multibuyQuantity: Int32Array;
  multibuyPrice: Int32Array;
  /** Source keys first met in this chunk: numbers count up from 0 over the run. */
  keys: { chain: StoreType; productKey: string }[];
  /** The whole observation, for the first good price line of each source key in the run only:
   * later lines of the key only add prices (product-resolver.ts looks at a key once per run). */
  details: { index: number; observation: PriceObservation }[];
  /** Unit measures first met in this chunk, appended to the run's table. */
  measures: string[];
  errors: { line: number; reason: string }[];
  skipped: number;
}

/** At most this many errors travel with the chunks (the report keeps the first 1,000). */
const MAX_CARRIED_ERRORS = 1000;

/** How far ahead of the server's clock a line may be dated (clocks of feeds and server differ a
 * little). A line dated later is a bad line: it would become the current price while the verdicts
 * judge an older one (issue 33). */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

/** Parses lines one by one into chunks of `size` entries. One per ingest run. */
export class ChunkParser {
  private readonly stores: Map<string, number>;
  private readonly keyNumbers = new Map<string, number>();
  /** Per key number: 1 once a good price line of it was seen. */
  private described = new Uint8Array(1024);
  private readonly measureNumbers = new Map<string, number>();
  private lineNumber = 0;
  private errorsCarried = 0;
  private chunk: ParsedChunk;

  constructor(
    stores: Map<string, number> | [string, number][],
    private readonly size = 4096,
    /** The latest `observedAt` accepted: the server's clock plus FUTURE_TOLERANCE_MS. */
    private readonly latest = Number.POSITIVE_INFINITY,
  ) {
    this.stores = stores instanceof Map ? stores : new Map(stores);
    this.chunk = this.fresh();
  }

  private fresh(): ParsedChunk {
    const n = this.size;
    return {
      lines: 0,
      count: 0,
      kind: new Uint8Array(n),
      store: new Int32Array(n),
      key: new Int32Array(n),
      observedAt: new Float64Array(n),
      since: new Float64Array(n),
      price: new Int32Array(n),
      basePrice: new Int32Array(n),
      unitPrice: new Int32Array(n),
      unitMeasure: new Int32Array(n),
      promotionType: new Int32Array(n),
      multibuyQuantity: new Int32Array(n),
      multibuyPrice: new Int32Array(n),
      keys: [],
      details: [],
      measures: [],
      errors: [],
      skipped: 0,
    };
  }

  /** Whether the chunk is full and should be taken. */
  get full(): boolean {
    return this.chunk.count >= this.size;
  }

  /** Lines read but not yet taken. */
  get pending(): boolean {
    return this.chunk.lines > 0;
  }

  /** Hands over the chunk so far and starts a new one. */
  take(): ParsedChunk {
    const chunk = this.chunk;
    this.chunk = this.fresh();
    return chunk;
  }

  private keyNumber(chain: StoreType, productKey: string): number {
    const text = `${chain}:${productKey}`;
    let n = this.keyNumbers.get(text);
    if (n === undefined) {
      n = this.keyNumbers.size;
      this.keyNumbers.set(text, n);
      this.chunk.keys.push({ chain, productKey });
      if (n >= this.described.length) {
        const grown = new Uint8Array(this.described.length * 2);
        grown.set(this.described);
        this.described = grown;
      }
    }
    return n;
  }

  private measure(text: string | null): number {
    if (text === null) return NONE;
    let n = this.measureNumbers.get(text);
    if (n === undefined) {
      n = this.measureNumbers.size;
      this.measureNumbers.set(text, n);
      this.chunk.measures.push(text);
    }
    return n;
  }

  private bad(reason: string) {
    const c = this.chunk;
    c.skipped++;
    if (this.errorsCarried < MAX_CARRIED_ERRORS) {
      this.errorsCarried++;
      c.errors.push({ line: this.lineNumber, reason });
    }
  }

  /** Reads one line (without its line break). */
  push(raw: string): void {
    const c = this.chunk;
    c.lines++;
    this.lineNumber++;
    if (raw.trim() === '') return;
    let line: ReturnType<typeof parseFeedLine>;
    let storeId: number | undefined;
    try {
      line = parseFeedLine(raw);
      storeId = this.stores.get(storeKey(line.chain, line.store));
      if (storeId === undefined) throw new BadLine(`unknown store "${line.store}" for this chain`);
      if (line.observedAt > this.latest)
        throw new BadLine("observedAt is more than 10 minutes after the server's clock");
    } catch (error) {
      if (!(error instanceof BadLine)) throw error;
      this.bad(error.message);
      return;
    }
    const i = c.count++;
    c.store[i] = storeId;
    c.observedAt[i] = line.observedAt;
    if (line.kind === 'listingComplete') {
      c.kind[i] = KIND_LISTING_COMPLETE;
      c.key[i] = NONE;
      c.since[i] = line.since;
      return;
    }
    const key = this.keyNumber(line.chain, line.productKey);
    c.key[i] = key;
    if (line.kind === 'delisted') {
      c.kind[i] = KIND_DELISTED;
      return;
    }
    c.kind[i] = KIND_PRICE;
    c.price[i] = line.price;
    c.basePrice[i] = line.basePrice;
    c.unitPrice[i] = line.unitPrice ?? NONE;
    c.unitMeasure[i] = this.measure(line.unitMeasure);
    c.promotionType[i] = line.promotionType;
    c.multibuyQuantity[i] = line.multibuyQuantity ?? NONE;
    c.multibuyPrice[i] = line.multibuyPrice ?? NONE;
    if (this.described[key] === 0) {
      this.described[key] = 1;
      c.details.push({ index: i, observation: line });
    }
  }
}

/** The typed arrays of a chunk, to transfer rather than copy between threads. */
export const chunkBuffers = (c: ParsedChunk): ArrayBuffer[] =>
  [
    c.kind,
    c.store,
    c.key,
    c.observedAt,
    c.since,
    c.price,
    c.basePrice,
    c.unitPrice,
    c.unitMeasure,
    c.promotionType,
    c.multibuyQuantity,
    c.multibuyPrice,
  ].map((a) => a.buffer as ArrayBuffer);

/**
 * Splits bytes into lines the way node's readline does (`\n`, `\r\n` or a lone `\r` ends a line;
 * UTF-8 decoded across chunk boundaries; a last line without a break still counts), so line
 * numbers match. A line that grows past MAX_FEED_LINE_LENGTH is not kept whole in memory: the
 * rest of it is dropped and it is handed on just over the limit, to be refused as too long.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private overlong = false;
  /** A `\r` ended the previous piece: a `\n` starting the next one belongs to it. */
  private afterCr = false;

  constructor(private readonly onLine: (line: string) => void) {}

  write(bytes: Uint8Array): void {
    this.text(this.decoder.write(bytes as Buffer));
  }

  end(): void {
    this.text(this.decoder.end());
    if (this.partial !== '' || this.overlong) this.emit(this.partial);
    this.partial = '';
    this.overlong = false;
  }

  private emit(line: string) {
    this.onLine(this.overlong ? 'x'.repeat(MAX_FEED_LINE_LENGTH + 1) : line);
  }

  private text(text: string): void {
    let start = 0;
    if (this.afterCr && text.charCodeAt(0) === 10) start = 1;
    this.afterCr = false;
    const n = text.length;
    while (start < n) {
      let end = start;
      while (end < n) {
        const ch = text.charCodeAt(end);
        if (ch === 10 || ch === 13) break;
        end++;
      }
      if (end === n) {
        this.keep(text, start, n);
        return;
      }
      const line = this.partial === '' ? text.slice(start, end) : this.partial + text.slice(start, end);
      this.partial = '';
      this.emit(line);
      this.overlong = false;
      if (text.charCodeAt(end) === 13) {
        if (end + 1 === n) this.afterCr = true;
        else if (text.charCodeAt(end + 1) === 10) end++;
      }
      start = end + 1;
    }
  }

  private keep(text: string, start: number, end: number) {
    if (this.overlong) return;
    this.partial += text.slice(start, end);
    if (this.partial.length > MAX_FEED_LINE_LENGTH) {
      this.overlong = true;
      this.partial = '';
    }
  }
}
