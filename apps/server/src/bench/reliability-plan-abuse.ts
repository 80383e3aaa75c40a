// The reliability bench's plan-abuse run (issue 32, item 2; issue 44 item 6): 4 accounts ask for
// worst-case plans, one each at a time, while another client asks /api/health (its p95 against its
// own alone) and then while the other households go on shopping. Its catalogue: 500 kinds of product at 30
// stores, each kind in 6 brands whose names share their longest word (what a name scan for
// alternatives reads), its shopping list 500 'Any brand' items (the workspace's cap) at 20 stores
// (the cap), and every plan asks with a new starting point (so no answer can be kept) and half of
// them with 30 stores. Prints the other households' p95 against the plain run's, and what the
// plans were answered. Also times putting a 500-item list on an empty shopping list (item 9).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ean13CheckDigit } from '@kete/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { type BenchServer, post, signIn } from './bench-server.js';
import {
  describeFigures,
  type LoadFigures,
  newFigures,
  percentile,
  runHouseholds,
  type Shopper,
} from './reliability-load.js';

const dist = fileURLToPath(new URL('..', import.meta.url));
const KINDS = 500;
const BRANDS = 6;
const STORES_PER_CHAIN = 10;
const ABUSERS = 4;
const LIST_RUNS = 5;

export interface PlanAbuseRun {
  server: BenchServer;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  databaseUrl: string | undefined;
  outbox: string;
  shoppers: Shopper[];
  productIds: number[];
  seconds: number;
  connections: number;
  /** The load run's figures, when it ran (else this run measures its own plain run first). */
  plain: LoadFigures;
  log: (line: string) => void;
}

/** Runs statements on the bench's database beside the server (set-up only: `?` placeholders). */
interface Sql {
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openSql(run: PlanAbuseRun): Promise<Sql> {
  if (run.databaseUrl) {
    const client = new pg.Client({ connectionString: run.databaseUrl });
    await client.connect();
    return {
      all: async (text, params = []) => {
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new SqliteDatabase(join(run.dataDir, 'kete.sqlite'));
  db.pragma('busy_timeout = 10000');
  return {
    all: async <T>(text: string, params: unknown[] = []) => {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    close: async () => {
      db.close();
    },
  };
}

const CHAINS = { NewWorld: 'newworld', PakNSave: 'paknsave', Woolworths: 'woolworths' } as const;

/** 10 stores of each chain from the seed list, as the feed names them. */
function benchStores(): { chain: string; store: string }[] {
  const csv = readFileSync(join(dist, '..', 'seed-data', 'nz-stores.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const taken = new Map<string, number>();
  const stores: { chain: string; store: string }[] = [];
  for (const line of csv) {
    const [chain = '', sourceId = ''] = line.split(',');
    const feedChain = CHAINS[chain as keyof typeof CHAINS];
    if (!feedChain || (taken.get(chain) ?? 0) >= STORES_PER_CHAIN) continue;
    taken.set(chain, (taken.get(chain) ?? 0) + 1);
    stores.push({ chain: feedChain, store: sourceId });
  }
  return stores;
}

/** Each kind's longest word, shared by 25 kinds: what a name scan for alternatives reads. */
const WORDS = [
  'wholegrain',
  'crackers',
  'shortbread',
  'chocolate',
  'marmalade',
  'sparkling',
  'mozzarella',
  'parmesan',
  'spaghetti',
  'vegetable',
  'sweetcorn',
  'chickpeas',
  'hazelnut',
  'raspberry',
  'blueberry',
  'porridge',
  'cornflakes',
  'pineapple',
  'mandarin',
  'croissant',
];
const productKey = (kind: number, brand: number) => `PLAN-${kind}-${brand}`;
/** The same product at every chain (one barcode), as a real catalogue has most of them. */
const barcodeOf = (kind: number, brand: number) => {
  const first12 = `94${String(kind * 10 + brand).padStart(10, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
};

function writeFeed(file: string, stores: { chain: string; store: string }[]) {
  const lines: string[] = [];
  const now = Date.now();
  for (let kind = 0; kind < KINDS; kind++) {
    for (let brand = 0; brand < BRANDS; brand++) {
      for (let s = 0; s < stores.length; s++) {
        // About 70% of stores price each product, at prices that differ by store and brand.
        if ((kind * 7 + brand * 13 + s * 5) % 10 >= 7) continue;
        lines.push(
          JSON.stringify({
            ...stores[s],
            productKey: productKey(kind, brand),
            barcode: barcodeOf(kind, brand),
            name: `Planbrand${brand} ${WORDS[kind % WORDS.length]} Sort${kind}`,
            brand: `Planbrand${brand}`,
            size: '500g',
            category: 'Pantry',
            price: 200 + ((kind * 31 + brand * 47 + s * 17) % 400),
            observedAt: now,
          }),
        );
      }
    }
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p95 = (f: LoadFigures) =>
  percentile(
    [...f.latencies].sort((a, b) => a - b),
    95,
  );

async function authed(server: BenchServer, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** As authed, but a dropped connection (a server process that died) is status 0. */
const ask = (server: BenchServer, method: string, path: string, token: string, body?: unknown) =>
  authed(server, method, path, token, body).catch(() => ({ status: 0, json: null }));

export async function planAbuseRun(run: PlanAbuseRun): Promise<void> {
  const { server, log } = run;
  const stores = benchStores();
  const feedFile = join(run.dataDir, 'plan-feed.ndjson');
  writeFeed(feedFile, stores);
  const ingest = spawnSync(process.execPath, [join(dist, 'cli.js'), 'ingest', feedFile], {
    env: run.env,
    encoding: 'utf8',
  });
  if (ingest.status !== 0) throw new Error(`plan feed ingest failed: ${ingest.stderr}`);

  const sql = await openSql(run);
  try {
    const storeIds: number[] = [];
    for (const at of stores) {
      const [row] = await sql.all<{ id: number }>('select id from stores where source_id = ?', [at.store]);
      if (row) storeIds.push(Number(row.id));
    }
    const listed = await sql.all<{ id: number }>(
      `select distinct p.id from products p join product_sources s on s.product_id = p.id
       where s.product_key like 'PLAN-%-0' order by p.id`,
    );
    // Issue 44 item 6: ABUSERS accounts, each with its own worst-case shopping list.
    const planners: Planner[] = [];
    for (let n = 0; n < ABUSERS; n++)
      planners.push(await setUpPlanner(server, run.outbox, sql, n, storeIds, listed.slice(0, KINDS)));
    const { token, sc, workspaceId } = planners[0] as Planner;
    await sleep(6_000); // the servers' kept memberships (5 s) see the stores
    const timing = await timePlans(server, sc, token, storeIds);
    log(
      `plan abuse: one plan of a ${listed.length}-item 'Any brand' list, alone: ${timing.map((t) => `${t.name} ${t.status} in ${t.ms.toFixed(0)} ms`).join(', ')}`,
    );
    await healthUnderPlans(server, planners, storeIds, run.seconds, log);

    let plain = run.plain;
    if (plain.requests === 0) {
      plain = newFigures();
      await runHouseholds(
        server.url,
        run.shoppers,
        run.productIds,
        run.seconds,
        plain,
        false,
        run.connections,
      );
      log(describeFigures('plan abuse: plain run', plain));
    }
    const abused = newFigures();
    const statuses = new Map<number, number>();
    const planTimes: number[] = [];
    const until = Date.now() + run.seconds * 1000;
    const abuser = async (n: number) => {
      const { token, sc } = planners[n % planners.length] as Planner;
      for (let i = 0; Date.now() < until; i++) {
        const body = {
          maxStores: 1 + ((i + n) % 5),
          // A new starting point every time: no answer for an unchanged list can be kept.
          origin: { latitude: -36 - Math.random(), longitude: 174 + Math.random() },
          ...(i % 2 === 0 ? { storeIds } : {}),
        };
        const started = performance.now();
        const res = await ask(server, 'POST', `/api/${sc}/cart/plan`, token, body);
        planTimes.push(performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // A refused client waits as a well-behaved one would (Retry-After), then asks again.
        if (res.status === 429) await sleep(1000);
      }
    };
    const others = run.shoppers.slice(0, Math.max(1, (run.connections - ABUSERS) * 3));
    await Promise.all([
      runHouseholds(
        server.url,
        others,
        run.productIds,
        run.seconds,
        abused,
        false,
        run.connections - ABUSERS,
      ),
      ...Array.from({ length: ABUSERS }, (_, n) => abuser(n)),
    ]);
    log(describeFigures('plan abuse (other households)', abused));
    const sortedPlans = [...planTimes].sort((a, b) => a - b);
    const answered = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    const ratio = p95(abused) / p95(plain);
    log(
      `plan abuse: ${ABUSERS} concurrent plans from ${ABUSERS} accounts, ${planTimes.length} asked (${answered}), each answered in p50 ${percentile(sortedPlans, 50).toFixed(0)} ms, p95 ${percentile(sortedPlans, 95).toFixed(0)} ms; other households' p95 ${p95(abused).toFixed(1)} ms vs ${p95(plain).toFixed(1)} ms plain = ${ratio.toFixed(2)}x (target 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
    );
    await timeListToCart(
      run,
      sql,
      token,
      sc,
      workspaceId,
      listed.map((row) => Number(row.id)),
    );
  } finally {
    await sql.close();
  }
}

interface Planner {
  token: string;
  sc: string;
  workspaceId: number;
}

/** Account n: signed in, 20 stores chosen through the API, 500 'Any brand' items on its list. */
async function setUpPlanner(
  server: BenchServer,
  outbox: string,
  sql: Sql,
  n: number,
  storeIds: number[],
  listed: { id: number }[],
): Promise<Planner> {
  const token = await signIn(server, outbox, `planner${n}@bench.example`);
  const init = (await post(`${server.url}/api/init/start`, undefined, token)) as {
    workspace: { shortCode: string };
  };
  const sc = init.workspace.shortCode;
  const [workspace] = await sql.all<{ id: number }>('select id from workspaces where short_code = ?', [sc]);
  if (!workspace) throw new Error('no planner workspace');
  // The workspace's own stores: as many as its cap allows, chosen through the API.
  for (const id of storeIds.slice(0, 20)) await authed(server, 'POST', `/api/${sc}/stores/${id}`, token);
  const now = Date.now();
  for (const [i, { id }] of listed.entries()) {
    await sql.all(
      `insert into cart_items (workspace_id, product_id, quantity_units, created_at, updated_at, any_brand)
       values (?, ?, 10000, ?, ?, 1)`,
      [workspace.id, Number(id), now + i, now + i],
    );
  }
  return { token, sc, workspaceId: Number(workspace.id) };
}

/** One client asking /api/health one request after another for `seconds`: its latencies, sorted. */
export async function healthLatencies(server: BenchServer, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/health`).catch(() => null);
    await res?.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * Issue 44 item 6: another client's /api/health p95 alone, then while each planner asks for its
 * worst-case plan (500 'Any brand' items, 20 stores) one after another: within 1.5x.
 */
async function healthUnderPlans(
  server: BenchServer,
  planners: Planner[],
  storeIds: number[],
  seconds: number,
  log: (line: string) => void,
) {
  const alone = await healthLatencies(server, seconds);
  const statuses = new Map<number, number>();
  const planTimes: number[] = [];
  const until = Date.now() + seconds * 1000;
  const plan = async ({ token, sc }: Planner, n: number) => {
    for (let i = 0; Date.now() < until; i++) {
      const started = performance.now();
      const res = await ask(server, 'POST', `/api/${sc}/cart/plan`, token, {
        maxStores: 1 + ((i + n) % 5),
        origin: { latitude: -36 - Math.random(), longitude: 174 + Math.random() },
        storeIds: storeIds.slice(0, 20),
      });
      planTimes.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 429) await sleep(1000);
    }
  };
  const [busy] = await Promise.all([healthLatencies(server, seconds), ...planners.map(plan)]);
  planTimes.sort((a, b) => a - b);
  const answered = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const ratio = percentile(busy, 95) / percentile(alone, 95);
  log(
    `plan load: ${planners.length} accounts each asking for a ${KINDS}-item 'Any brand' plan over 20 stores, ${planTimes.length} plans (${answered}), p50 ${percentile(planTimes, 50).toFixed(0)} ms, p95 ${percentile(planTimes, 95).toFixed(0)} ms; another client's /api/health p95 ${percentile(busy, 95).toFixed(1)} ms (${busy.length} requests) vs ${percentile(alone, 95).toFixed(1)} ms alone (${alone.length}) = ${ratio.toFixed(2)}x (target 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
  );
}

/** One plan at a time, alone: the work a single worst-case plan costs. */
async function timePlans(server: BenchServer, sc: string, token: string, storeIds: number[]) {
  const requests = [
    { name: 'the workspace stores', body: { maxStores: 3 } },
    { name: '30 stores', body: { maxStores: 3, storeIds } },
  ];
  const found: { name: string; status: number; ms: number }[] = [];
  for (const { name, body } of requests) {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await ask(server, 'POST', `/api/${sc}/cart/plan`, token, {
        ...body,
        origin: { latitude: -36 - Math.random(), longitude: 174 },
      });
      if (i === 2) found.push({ name, status: res.status, ms: performance.now() - started });
    }
  }
  return found;
}

/** Item 9: a 500-item list put on an empty shopping list, LIST_RUNS times; the route's time. */
async function timeListToCart(
  run: PlanAbuseRun,
  sql: Sql,
  token: string,
  sc: string,
  workspaceId: number,
  productIds: number[],
) {
  const list = await authed(run.server, 'POST', `/api/${sc}/lists`, token, {
    name: 'Everything',
    productId: productIds[0],
  });
  const listId = (list.json as { id: number }).id;
  const now = Date.now();
  for (const [i, id] of productIds.slice(1, 500).entries()) {
    await sql.all(
      'insert into list_items (list_id, product_id, created_at) values (?, ?, ?) on conflict do nothing',
      [listId, id, now + i],
    );
  }
  const times: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) {
    await sql.all('delete from cart_items where workspace_id = ?', [workspaceId]);
    const started = performance.now();
    const res = await authed(run.server, 'POST', `/api/${sc}/lists/${listId}/cart`, token);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`list to cart: ${res.status} ${JSON.stringify(res.json)}`);
  }
  times.sort((a, b) => a - b);
  run.log(
    `list to shopping list: ${Math.min(500, productIds.length)} items, ${LIST_RUNS} times: median ${percentile(times, 50).toFixed(0)} ms, slowest ${(times.at(-1) ?? 0).toFixed(0)} ms`,
  );
}
