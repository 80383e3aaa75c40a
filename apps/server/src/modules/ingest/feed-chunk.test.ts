// The parsing thread's pieces run here on the test's thread: the line splitter must cut bytes
// exactly where node's readline does (line numbers in bad-line reports depend on it), and the
// chunk parser must give parseFeedLine's verdicts with the right line numbers.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { delistLine, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { ChunkParser, KIND_DELISTED, KIND_LISTING_COMPLETE, KIND_PRICE, LineSplitter } from './feed-chunk.js';
import { MAX_FEED_LINE_LENGTH } from './feed-line.js';

async function readlineLines(pieces: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  const rl = createInterface({ input: Readable.from(pieces), crlfDelay: Number.POSITIVE_INFINITY });
  rl.on('line', (line) => lines.push(line));
  await once(rl, 'close');
  return lines;
}

function splitterLines(pieces: Buffer[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line));
  for (const piece of pieces) splitter.write(piece);
  splitter.end();
  return lines;
}

/** The bytes cut into pieces of `size`, so breaks and UTF-8 characters straddle pieces. */
const cut = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('LineSplitter', () => {
  const texts = [
    'a\nb\nc\n',
    'a\nb\nc',
    'a\r\nb\r\n\r\nc',
    'one\rtwo\r\rthree\r',
    '\n\n\nx',
    'Māori kūmara 🥝\r\nwhānau\n',
    '',
    '\r\n',
  ];
  for (const text of texts) {
    it(`cuts ${JSON.stringify(text)} where readline does, however the bytes arrive`, async () => {
      const bytes = Buffer.from(text, 'utf8');
      const expected = await readlineLines([bytes]);
      for (const size of [1, 2, 3, 5, 64])
        expect(splitterLines(cut(bytes, size)), `pieces of ${size}`).toEqual(expected);
    });
  }

  it('hands on an over-long line as too long without keeping it whole, and goes on', () => {
    const long = 'y'.repeat(MAX_FEED_LINE_LENGTH * 3);
    const lines = splitterLines(cut(Buffer.from(`first\n${long}\nlast`), 1000));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('first');
    expect(lines[1]?.length).toBe(MAX_FEED_LINE_LENGTH + 1);
    expect(lines[2]).toBe('last');
  });
});

describe('ChunkParser', () => {
  const storeMap = new Map([
    [`1:${stores.newWorldAlbany.store}`, 11],
    [`3:${stores.woolworthsHalswell.store}`, 33],
  ]);

  it("numbers bad lines across chunks and sends a key's details once", () => {
    const parser = new ChunkParser(storeMap, 2);
    const lines = [
      priceLine(stores.newWorldAlbany, { productKey: 'A', price: 100 }),
      'not json',
      priceLine(stores.newWorldAlbany, { productKey: 'A', price: 120, unitPrice: 12, unitMeasure: '100g' }),
      '',
      priceLine(stores.woolworthsHalswell, { productKey: 'B', multibuy: { quantity: 2, price: 300 } }),
      delistLine(stores.woolworthsHalswell, 'B', 2e12),
      priceLine(stores.paknsaveAlbany, { productKey: 'C' }),
      JSON.stringify({ ...stores.woolworthsHalswell, listingComplete: true, since: 1e12, observedAt: 2e12 }),
    ];
    const chunks = [];
    for (const line of lines) {
      parser.push(line);
      if (parser.full) chunks.push(parser.take());
    }
    if (parser.pending) chunks.push(parser.take());

    expect(chunks.reduce((n, c) => n + c.lines, 0)).toBe(lines.length);
    expect(chunks.flatMap((c) => c.errors)).toEqual([
      { line: 2, reason: 'not valid JSON' },
      { line: 7, reason: `unknown store "${stores.paknsaveAlbany.store}" for this chain` },
    ]);
    const entries = chunks.flatMap((c) =>
      Array.from({ length: c.count }, (_, i) => ({
        kind: c.kind[i],
        store: c.store[i],
        key: c.key[i],
        price: c.price[i],
        unitPrice: c.unitPrice[i],
        multibuy: c.multibuyQuantity[i],
      })),
    );
    expect(entries.map((e) => [e.kind, e.store, e.key])).toEqual([
      [KIND_PRICE, 11, 0],
      [KIND_PRICE, 11, 0],
      [KIND_PRICE, 33, 1],
      [KIND_DELISTED, 33, 1],
      [KIND_LISTING_COMPLETE, 33, -1],
    ]);
    expect(entries.map((e) => [e.price, e.unitPrice])).toEqual([
      [100, -1],
      [120, 12],
      [495, -1],
      [0, 0],
      [0, 0],
    ]);
    expect(entries[2]?.multibuy).toBe(2);
    // Details travel with the first good price line of each key only.
    expect(chunks.flatMap((c) => c.details.map((d) => d.observation.productKey))).toEqual(['A', 'B']);
    expect(chunks.flatMap((c) => c.keys)).toEqual([
      { chain: 1, productKey: 'A' },
      { chain: 3, productKey: 'B' },
    ]);
    expect(chunks.flatMap((c) => c.measures)).toEqual(['100g']);
  });
});
