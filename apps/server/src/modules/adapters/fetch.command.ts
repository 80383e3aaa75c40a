// npm run kete -- fetch <woolworths|newworld|paknsave> --store <id> [--out file]: reads a store's
// whole online-shop listing into feed lines, ending with a listingComplete line so the ingest
// delists whatever the store stopped selling.
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type CliCommand, UsageError } from '../../cli/command.js';
import { defaultBaseUrls, foodstuffsLines, woolworthsLines } from './chain-fetchers.js';
import { FetchRefused, politeHttp } from './polite-http.js';

type Chain = keyof typeof defaultBaseUrls;
const chains = Object.keys(defaultBaseUrls) as Chain[];

export interface FetchOptions {
  chain: Chain;
  store: string;
  baseUrl: string;
  intervalMs: number;
  retries: number;
  backoffMs: number;
  /** Products per page (the chains' own defaults when unset). */
  pageSize?: number;
}

/** Writes the store's feed lines to `out`; returns how many products it wrote. */
export async function fetchStore(options: FetchOptions, out: Writable): Promise<number> {
  const started = new Date().toISOString();
  const http = politeHttp({
    intervalMs: options.intervalMs,
    retries: options.retries,
    backoffMs: options.backoffMs,
    headers: options.chain === 'woolworths' ? { 'x-requested-with': 'OnlineShopping.WebApp' } : {},
  });
  const lines =
    options.chain === 'woolworths'
      ? woolworthsLines(http, options.baseUrl, options.store, started, options.pageSize)
      : foodstuffsLines(http, options.chain, options.baseUrl, options.store, started, options.pageSize);
  let count = 0;
  for await (const line of lines) {
    out.write(`${JSON.stringify(line)}\n`);
    count++;
  }
  const done = { chain: options.chain, store: options.store, listingComplete: true, since: started };
  out.write(`${JSON.stringify({ ...done, observedAt: new Date().toISOString() })}\n`);
  return count;
}

export const fetchCommand: CliCommand = {
  name: 'fetch',
  usage: 'fetch <woolworths|newworld|paknsave> --store <id> [--out file.ndjson] [--base-url url]',
  summary: "Fetch a store's prices from the chain's online shop as a feed (then: ingest)",
  async run(args, _ctx, io) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        store: { type: 'string' },
        out: { type: 'string' },
        'base-url': { type: 'string' },
        'interval-ms': { type: 'string', default: '1500' },
      },
    });
    const chain = positionals[0] as Chain;
    if (!chains.includes(chain)) throw new UsageError(`Choose a chain: ${chains.join(', ')}.`);
    if (!values.store) throw new UsageError("Give the store with --store <id> (the chain's own store id).");
    const out = values.out ? createWriteStream(values.out) : process.stdout;
    try {
      const count = await fetchStore(
        {
          chain,
          store: values.store,
          baseUrl: values['base-url'] ?? defaultBaseUrls[chain],
          intervalMs: Number(values['interval-ms']),
          retries: 4,
          backoffMs: 2000,
        },
        out,
      );
      io.err(`Fetched ${count} products from ${chain} store ${values.store}.`);
      return 0;
    } catch (error) {
      if (error instanceof FetchRefused) {
        io.err(error.message);
        return 1;
      }
      throw error;
    } finally {
      if (out !== process.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
    }
  },
};
