// The reliability bench's import run (issue 43 item 6): a recipe line of 4,500 characters of
// '½⅓¼' is answered in under 100 ms, and another client's /api/health p95 does not move while
// strangers import. First each awkward recipe is timed alone, one at a time (a fresh account, far
// under its 30 a minute); then another client's /api/health p95 alone, and again while ACCOUNTS
// accounts each keep 3 imports going (one more than the 2 at once allowed) of the fraction line and
// a 10,000-character line, for as long: some are refused 429, by design, and wait a second.
import { type BenchServer, post, signIn } from './bench-server.js';
import { percentile, type Shopper } from './reliability-load.js';
import { healthLatencies } from './reliability-plan-abuse.js';

const ACCOUNTS = 4;
const AT_ONCE = 3;
const ALONE_RUNS = 10;

/** The two awkward recipes: one line of 1,500 '½⅓¼' (4,500 characters), one of 10,000. */
const recipes = {
  fractions: `Fraction soup\n${'½⅓¼'.repeat(1_500)}\n1 cup milk`,
  long: `Long stew\n${'1 cup flour and '.repeat(625)}\n2 eggs`,
} as const;
type Kind = keyof typeof recipes;
const kinds = Object.keys(recipes) as Kind[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function importRecipe(server: BenchServer, who: Pick<Shopper, 'token' | 'shortCode'>, kind: Kind) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/${who.shortCode}/recipes/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: recipes[kind] }),
  }).catch(() => null);
  await res?.arrayBuffer();
  return { status: res?.status ?? 0, ms: performance.now() - started };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const tally = (statuses: number[]) =>
  [...new Set(statuses)]
    .sort((a, b) => a - b)
    .map((s) => `${s}:${statuses.filter((x) => x === s).length}`)
    .join(' ');

export async function importAbuseRun(
  server: BenchServer,
  outbox: string,
  shoppers: Shopper[],
  seconds: number,
  log: (line: string) => void,
): Promise<void> {
  // Alone: one account, one import at a time, the server otherwise idle.
  const token = await signIn(server, outbox, 'importer-alone@bench.example');
  const init = (await post(`${server.url}/api/init/start`, undefined, token)) as {
    workspace: { shortCode: string };
  };
  const alone = { token, shortCode: init.workspace.shortCode };
  for (const kind of kinds) {
    const times: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < ALONE_RUNS; i++) {
      const { status, ms: took } = await importRecipe(server, alone, kind);
      statuses.push(status);
      if (i > 0) times.push(took); // the first warms the route
    }
    times.sort((a, b) => a - b);
    log(
      `imports alone: ${kind === 'fractions' ? "4,500 characters of '½⅓¼'" : 'a 10,000-character line'}, ${ALONE_RUNS} imports (${tally(statuses)}): median ${ms(percentile(times, 50))}, slowest ${ms(times.at(-1) ?? 0)} (target under 100 ms)`,
    );
  }

  const healthAlone = await healthLatencies(server, seconds);
  const importers = shoppers.slice(0, ACCOUNTS);
  const statuses: number[] = [];
  const answered: number[] = [];
  const all: number[] = [];
  const until = Date.now() + seconds * 1000;
  const loop = async (who: Shopper, n: number) => {
    for (let i = n; Date.now() < until; i++) {
      const { status, ms: took } = await importRecipe(server, who, kinds[i % kinds.length] as Kind);
      statuses.push(status);
      all.push(took);
      if (status === 200) answered.push(took);
      // A refused client waits as a well-behaved one would, then asks again.
      if (status === 429) await sleep(1000);
    }
  };
  const loops = importers.flatMap((who) => Array.from({ length: AT_ONCE }, (_, n) => loop(who, n)));
  const [healthBusy] = await Promise.all([healthLatencies(server, seconds), ...loops]);
  answered.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  const ratio = percentile(healthBusy, 95) / percentile(healthAlone, 95);
  log(
    `imports under load: ${importers.length} accounts x ${AT_ONCE} at once for ${seconds} s, ${all.length} imports (${tally(statuses)}); answered ones p50 ${ms(percentile(answered, 50))}, p95 ${ms(percentile(answered, 95))}, worst ${ms(answered.at(-1) ?? 0)}; worst of all ${ms(all.at(-1) ?? 0)}`,
  );
  log(
    `imports under load: another client's /api/health p95 ${ms(percentile(healthBusy, 95))} (${healthBusy.length} requests) vs ${ms(percentile(healthAlone, 95))} alone (${healthAlone.length}) = ${ratio.toFixed(2)}x`,
  );
}
