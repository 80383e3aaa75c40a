// npm run kete -- fetch <woolworths|newworld|paknsave> --store <source_id> [--out file]: reads a
// store's whole online-shop listing into feed lines, ending with a listingComplete line so the
// ingest delists whatever the store stopped selling. Anything that would make the listing wrong or
// partial (another store's prices, a capped search) stops it without that line, exit code 1.
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type CliCommand, UsageError } from '../../cli/command.js';
import type { Chain, FeedPriceLine } from './feed-types.js';
import { type FoodstuffsStore, foodstuffsLines } from './foodstuffs.fetcher.js';
import { FetchRefused, type Pacer, politeHttp } from './polite-http.js';
import { WOOLWORTHS_HEADERS, woolworthsLines } from './woolworths.fetcher.js';
import { woolworthsStoreIds } from './woolworths-store-ids.js';

export const chains: Chain[] = ['woolworths', 'newworld', 'paknsave'];

export interface FetchOptions {
  chain: Chain;
  /** The store's source_id in Kete's store list; every line names the store by it. */
  store: string;
  /** Replaces the scheme and host of every request (unset: the real shops). */
  baseUrl?: string;
  intervalMs: number;
  retries: number;
  backoffMs: number;
  /** `specials`: the store's promotion listing only, without listingComplete. Default `full`. */
  kind?: 'full' | 'specials';
  /** Products per page (Woolworths; Foodstuffs pages as its site does). */
  pageSize?: number;
  /** The clock the lines are dated by (default the system's): the server's, so the ingest that
   * refuses lines dated ahead of it (feed-chunk.ts) and the fetch agree. */
  now?: () => number;
  /** Foodstuffs' store record, as its store list gave it (opening hours). */
  onFoodstuffsStore?: (store: FoodstuffsStore) => void;
  /** Each request made, for progress. */
  onRequest?: () => void;
  /** Keeps the interval across fetches to the same chain (refresh). */
  pacer?: Pacer;
}

export const politeUserAgent = 'Mozilla/5.0 (compatible; Kete grocery price comparison)';

function storeLines(options: FetchOptions, observedAt: string): AsyncGenerator<FeedPriceLine> {
  const http = politeHttp({
    intervalMs: options.intervalMs,
    retries: options.retries,
    backoffMs: options.backoffMs,
    baseUrl: options.baseUrl,
    headers: {
      'user-agent': politeUserAgent,
      ...(options.chain === 'woolworths' ? WOOLWORTHS_HEADERS : {}),
    },
    onRequest: options.onRequest,
    pacer: options.pacer,
  });
  const kind = options.kind ?? 'full';
  if (options.chain === 'woolworths') {
    const ids = woolworthsStoreIds().get(options.store);
    if (!ids) {
      throw new FetchRefused(
        `Woolworths store ${options.store} has no online-shop ids (seed-data/woolworths-online-ids.csv): it cannot be read.`,
      );
    }
    return woolworthsLines(http, ids, observedAt, { kind, pageSize: options.pageSize });
  }
  return foodstuffsLines(http, options.chain, options.store, observedAt, { kind }, options.onFoodstuffsStore);
}

/** Writes the store's feed lines to `out`; returns how many products it wrote. */
export async function fetchStore(options: FetchOptions, out: Writable): Promise<number> {
  const now = options.now ?? Date.now;
  const started = new Date(now()).toISOString();
  let count = 0;
  for await (const line of storeLines(options, started)) {
    out.write(`${JSON.stringify(line)}\n`);
    count++;
  }
  if ((options.kind ?? 'full') === 'full') {
    const done = { chain: options.chain, store: options.store, listingComplete: true, since: started };
    out.write(`${JSON.stringify({ ...done, observedAt: new Date(now()).toISOString() })}\n`);
  }
  return count;
}

export const fetchCommand: CliCommand = {
  name: 'fetch',
  usage:
    'fetch <woolworths|newworld|paknsave> --store <source_id> [--out file.ndjson] [--base-url url] [--interval-ms 1500] [--specials]',
  summary: "Fetch a store's prices from the chain's online shop as a feed (then: ingest)",
  async run(args, ctx, io) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        store: { type: 'string' },
        out: { type: 'string' },
        'base-url': { type: 'string' },
        'interval-ms': { type: 'string', default: '1500' },
        specials: { type: 'boolean', default: false },
      },
    });
    const chain = positionals[0] as Chain;
    if (!chains.includes(chain)) throw new UsageError(`Choose a chain: ${chains.join(', ')}.`);
    if (!values.store) throw new UsageError('Give the store with --store <source_id> (from the store list).');
    const intervalMs = Number(values['interval-ms']);
    if (!Number.isFinite(intervalMs) || intervalMs < 0)
      throw new UsageError('--interval-ms takes milliseconds.');
    if (values['base-url'] && !URL.canParse(values['base-url']))
      throw new UsageError('--base-url takes a URL.');
    const out = values.out ? createWriteStream(values.out) : process.stdout;
    try {
      const count = await fetchStore(
        {
          chain,
          store: values.store,
          baseUrl: values['base-url'],
          intervalMs,
          retries: 4,
          backoffMs: 2000,
          kind: values.specials ? 'specials' : 'full',
          now: () => ctx.clock.now(),
        },
        out,
      );
      io.err(`Fetched ${count} products from ${chain} store ${values.store}.`);
      return 0;
    } catch (error) {
      if (error instanceof FetchRefused) {
        io.err(`Refused: ${error.message}`);
        return 1;
      }
      throw error;
    } finally {
      if (out !== process.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
    }
  },
};
