// The load phase of `npm run bench`: every hot path under the same load, each also as a ratio to
// the floor (a route that does no work) measured in the same run, so the figures stay meaningful
// on a noisy machine. Targets come from the speed issue and are printed next to each figure.
import { type LoadFigures, type LoadRequest, load } from './bench-load.js';
import { type BenchServer, post, signIn } from './bench-server.js';
import { type CoreSplit, measureCores } from './machine-cpu.js';
import type { PostgresCpu } from './postgres-cpu.js';
import { distinctTexts, searchTexts } from './search-vocabulary.js';

export interface Target {
  /** At most this many times the floor's p95. */
  ratio?: number;
  /** On PostgreSQL, at most this many times instead (issue 47: its writes within 5x, SQLite's 3x). */
  postgresRatio?: number;
  /** And at most this p95, in ms. */
  ms?: number;
}

/** Seconds of unmeasured load before each run (BENCH_WARM_UP, 0 for none). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 5);
/**
 * New-text searches before the first search run, not measured: each product a search reaches has
 * its prices read once and then kept (products/price-cache.ts), as on a server that has been up a
 * while. Without it, whichever search run came first measured the cold caches: on PostgreSQL, where
 * each such read is a round trip, 777-1,369 req/s against 3,083 for the run right after it.
 */
const SEARCH_WARM_UP_SECONDS = Number(process.env.BENCH_SEARCH_WARM_UP ?? 20);

/** Answers at least this large (bytes) also get a floor of their own size. */
const SIZED_FLOOR_FROM = 4096;

export interface RunResult extends LoadFigures {
  /** The no-work route sending an answer of the same size, measured right after this run. */
  sizedFloor?: LoadFigures;
  /**
   * The floor this run is judged against (load-report.ts): /api/health measured right before it,
   * after its clean-up (beforeRun) and with the same warm-up as the first floor, so both stand on
   * the machine and the server processes in the state the run starts in. Absent for the first
   * floor itself.
   */
  ownFloor?: LoadFigures;
  /** Cores each server process kept busy during the run (the primary first): both cores used? */
  cores: number[];
  /** The machine's busy cores, and how many went to the load generator and to other programs. */
  machineCores: CoreSplit;
  /** Each server process's peak memory (MB) during the run and its warm-up (the primary first). */
  peakMb: number[];
  /** Cores PostgreSQL's backends of the bench's database kept busy (postgres-cpu.ts); SQLite: none. */
  postgresCores?: number;
  target: Target;
}

export interface LoadSetup {
  server: BenchServer;
  outbox: string;
  /** The workspace's stores (a 6-store workspace, two of each chain). */
  storeIds: number[];
  /** Product ids to price, and to put in carts. */
  productIds: number[];
  connections: number;
  seconds: number;
  /** Before each run, after the one before it (the autovacuum stand-in, autovacuum-stand-in.ts). */
  beforeRun?: () => Promise<void>;
  /** PostgreSQL: its backends' CPU time, measured beside the server's (postgres-cpu.ts). */
  postgresCpu?: PostgresCpu;
}

interface Shopper {
  token: string;
  shortCode: string;
}

/** New addresses every run: a kept catalogue (BENCH_DATA_DIR) keeps its users and their code limits. */
const RUN = Date.now().toString(36);

async function shopper(setup: LoadSetup, email: string): Promise<Shopper> {
  const token = await signIn(setup.server, setup.outbox, email.replace('@', `+${RUN}@`));
  const init = await post(`${setup.server.url}/api/init/start`, undefined, token);
  const shortCode = (init.workspace as { shortCode: string }).shortCode;
  for (const id of setup.storeIds)
    await post(`${setup.server.url}/api/${shortCode}/stores/${id}`, undefined, token);
  return { token, shortCode };
}

const json = { 'content-type': 'application/json' };
const floorRequests: LoadRequest[] = [{ method: 'GET', path: '/api/health' }];
/** A request as a phone sends it: asking for a compressed answer. */
const asPhonesAsk = (request: LoadRequest): LoadRequest => ({
  ...request,
  headers: { ...request.headers, 'accept-encoding': 'br, gzip' },
});

export async function runLoad(setup: LoadSetup, repeatedQueries: string[]): Promise<RunResult[]> {
  const { server } = setup;
  const main = await shopper(setup, 'bench@example.com');
  const run = { connections: setup.connections, seconds: setup.seconds };
  const results: RunResult[] = [];
  // BENCH_ONLY=writes,init: only the runs whose names start with these (and the floor), for tuning;
  // a run's name without its comma ("search new") picks one of two runs sharing a first word.
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const picked = (name: string) =>
    !only || name.startsWith('floor') || only.some((prefix) => name.replace(',', '').startsWith(prefix));
  // As on a server that has been up a while: the same kind of requests first, not measured
  // (the JIT, and caches of what does not change per request, e.g. a product's prices; a new
  // text is still new, as the warm-up draws its own texts).
  const warmUp = async (name: string, requests: LoadRequest[], token: string) => {
    if (WARM_UP_SECONDS > 0)
      await load(name, server.url, token, requests, {
        connections: setup.connections,
        seconds: WARM_UP_SECONDS,
      });
  };
  // Each run's own floor (RunResult.ownFloor): measured just before it, as the run will be.
  const measure = async (name: string, target: Target, requests: LoadRequest[], token = main.token) => {
    if (!picked(name)) return;
    await setup.beforeRun?.();
    let ownFloor: LoadFigures | undefined;
    if (!name.startsWith('floor')) {
      await warmUp('floor (health), before', floorRequests, token);
      ownFloor = await load('floor (health), before', server.url, token, floorRequests, run);
    }
    server.memory.startWindow();
    await warmUp(name, requests, token);
    const cpuBefore = server.cpuSecondsByProcess();
    const machineCoresSince = measureCores();
    const postgresCoresSince = await setup.postgresCpu?.measure();
    const started = performance.now();
    const figures = await load(name, server.url, token, requests, run);
    const elapsed = (performance.now() - started) / 1000;
    const postgresCores = await postgresCoresSince?.();
    const cores = server
      .cpuSecondsByProcess()
      .map(({ pid, seconds }) => (seconds - (cpuBefore.find((b) => b.pid === pid)?.seconds ?? 0)) / elapsed);
    const machineCores = machineCoresSince(cores.reduce((sum, value) => sum + value, 0));
    const peakMb = server.memory.windowPeaks().map(({ mb }) => mb);
    const result: RunResult = { ...figures, target, cores, machineCores, peakMb, postgresCores, ownFloor };
    results.push(result);
    // A large answer costs the socket and the kernel more than routing does: measure, right after,
    // a route that does no work but sends as many bytes (KETE_BENCH_ROUTES), and compare with it too.
    if (!name.startsWith('floor') && figures.meanBytes >= SIZED_FLOOR_FROM) {
      const bytes = Math.round(figures.meanBytes);
      result.sizedFloor = await load(
        `floor, ${(bytes / 1024).toFixed(0)} KB`,
        server.url,
        token,
        [{ method: 'GET', path: `/api/bench/payload/${bytes}` }],
        run,
      );
    }
  };
  const search = `/api/${main.shortCode}/products/search`;

  await measure('floor (health)', {}, floorRequests);

  const nextText = searchTexts();
  console.log(`Search vocabulary: ${distinctTexts(20_000)} distinct texts in the first 20,000 drawn`);
  const newTextSearch: LoadRequest = {
    method: 'POST',
    path: search,
    headers: json,
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ text: nextText() }) }),
  };
  if (SEARCH_WARM_UP_SECONDS > 0 && picked('search, new text'))
    await load('warm-up: searches', server.url, main.token, [newTextSearch], {
      connections: setup.connections,
      seconds: SEARCH_WARM_UP_SECONDS,
    });
  await measure('search, new text', { ratio: 5, ms: 25 }, [newTextSearch]);
  // The same, as a phone asks for it (Accept-Encoding): the answer is compressed on the way out
  // (plugins/compression.ts). No target of its own: it shows what compression costs the server.
  await measure('search, new text, compressed', {}, [asPhonesAsk(newTextSearch)]);
  const repeatedSearches: LoadRequest[] = repeatedQueries.map((text) => ({
    method: 'POST',
    path: search,
    headers: json,
    body: JSON.stringify({ text }),
  }));
  await measure('search, repeated', { ratio: 2 }, repeatedSearches);
  // The same, as phones ask: a kept answer is compressed once per encoding (lib/compressed-answers.ts).
  await measure('search, repeated, compressed', {}, repeatedSearches.map(asPhonesAsk));
  const products = setup.productIds.slice(0, 500);
  await measure(
    'product prices',
    { ratio: 2 },
    products.map((id) => ({ method: 'GET', path: `/api/${main.shortCode}/products/${id}/prices` })),
  );
  // History arrived with the prices-over-time work; measured when the route exists.
  const historyProbe = await fetch(`${server.url}/api/${main.shortCode}/products/${products[0]}/history`, {
    headers: { authorization: `Bearer ${main.token}` },
  });
  if (historyProbe.status !== 404) {
    await measure(
      'product history',
      { ratio: 5, ms: 25 },
      products.map((id) => ({ method: 'GET', path: `/api/${main.shortCode}/products/${id}/history` })),
    );
  }
  await measure('init/start', { ratio: 5 }, [{ method: 'POST', path: '/api/init/start' }]);

  // A household's 60-item shopping list, read whole.
  for (const id of setup.productIds.slice(0, 60)) {
    await post(`${server.url}/api/${main.shortCode}/cart`, { productId: id, quantity: 1 }, main.token);
  }
  await measure('cart, 60 items', { ratio: 5 }, [{ method: 'GET', path: `/api/${main.shortCode}/cart` }]);

  // Writes: add, set and remove across several households' lists, as their phones would.
  const writers: Shopper[] = [];
  for (let i = 0; i < 10; i += 1) writers.push(await shopper(setup, `writer${i}@example.com`));
  let serial = 0;
  const writeProducts = setup.productIds.slice(100, 300);
  await measure('writes (cart)', { ratio: 3, postgresRatio: 5 }, [
    {
      method: 'POST',
      path: '/',
      setupRequest: (request) => {
        serial += 1;
        const who = writers[serial % writers.length] as Shopper;
        const productId = writeProducts[Math.floor(serial / writers.length) % writeProducts.length] as number;
        const headers = { ...json, authorization: `Bearer ${who.token}` };
        const kind = serial % 3;
        if (kind === 2) {
          const path = `/api/${who.shortCode}/cart/${productId}`;
          // Spread `request`: autocannon keeps the host and port on it.
          return {
            ...request,
            method: 'DELETE',
            path,
            headers: { authorization: `Bearer ${who.token}` },
            body: '',
          };
        }
        return {
          ...request,
          method: kind === 0 ? 'POST' : 'PUT',
          path: `/api/${who.shortCode}/cart`,
          headers,
          body: JSON.stringify({ productId, quantity: kind === 0 ? 1 : 2 }),
        };
      },
    },
  ]);
  return results;
}
