// npm run bench:reliability: Kete under household load, under abuse, under faults, and fuzzed, on
// SQLite and (with BENCH_DATABASE_URL, an admin URL of a PostgreSQL server) on PostgreSQL, each
// with two server processes behind one port (KETE_WORKERS=2). Prints figures; not part of npm test.
// BENCH_SECONDS (default 60), BENCH_CONNECTIONS (200), BENCH_HOUSEHOLDS_PER_CONNECTION (3),
// BENCH_FUZZ (200 per operation), BENCH_PARTS (default
// load,abuse,plan,imports,faults,restart,fuzz,backup; plan: reliability-plan-abuse.ts; imports:
// reliability-imports.ts). The PostgreSQL restart fault (restart, PostgreSQL only) stops and
// starts the server at BENCH_DATABASE_URL with BENCH_PG_CLUSTER's pg_ctlcluster ("<version> main",
// found under /etc/postgresql when unset): run it where that is allowed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type BenchServer, post, signIn, startServer } from './bench-server.js';
import { backupUnderLoad } from './reliability-backup.js';
import { type FaultRun, killFault, restartFault, type ServerLine } from './reliability-faults.js';
import { fuzzApi } from './reliability-fuzz.js';
import { importAbuseRun } from './reliability-imports.js';
import {
  describeFigures,
  describeVerification,
  newFigures,
  percentile,
  runHouseholds,
  type Shopper,
  verifyHouseholds,
} from './reliability-load.js';
import { planAbuseRun } from './reliability-plan-abuse.js';

const dist = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** Households per connection: each stays under its 300 writes a minute at full speed. */
const PER_CONNECTION = Number(process.env.BENCH_HOUSEHOLDS_PER_CONNECTION ?? 3);
const FUZZ = Number(process.env.BENCH_FUZZ ?? 200);
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'load,abuse,plan,imports,faults,restart,fuzz,backup').split(','),
);
const WORDS = ['milk', 'bread', 'cheese', 'apple', 'coffee', 'rice'];
const STORES = [
  { chain: 'newworld', store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc' },
  { chain: 'newworld', store: '8d098344-5474-4626-ae1c-90ed0f57306f' },
  { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22' },
  { chain: 'paknsave', store: '6c73764e-b8e6-4e55-ad37-f6a9d207da1f' },
  { chain: 'woolworths', store: '9702' },
  { chain: 'woolworths', store: '9736' },
];

const log = (line: string) => console.log(line);
const faultRun: FaultRun = { seconds: SECONDS, connections: CONNECTIONS, log };

function feed(file: string) {
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) {
    for (const at of STORES) {
      lines.push(
        JSON.stringify({
          ...at,
          productKey: `REL-${i}`,
          name: `Bench ${WORDS[i % WORDS.length]} ${i}`,
          brand: 'Bench',
          size: '1kg',
          price: 100 + ((i * 37 + at.store.length * 11) % 900),
          observedAt: Date.now(),
        }),
      );
    }
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

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
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function setUpShoppers(server: BenchServer, outbox: string, count: number, tag: string) {
  const shoppers: Shopper[] = [];
  let productIds: number[] = [];
  let storeIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const token = await signIn(server, outbox, `${tag}-${i}@bench.example`);
    const init = (await post(`${server.url}/api/init/start`, undefined, token)) as {
      workspace: { shortCode: string };
    };
    const sc = init.workspace.shortCode;
    if (productIds.length === 0) {
      const found = new Map<number, number[]>();
      for (const text of WORDS) {
        const results = (await authed(server, 'POST', `/api/${sc}/products/search`, token, { text })) as {
          id: number;
          prices: { storeId: number }[];
        }[];
        for (const p of results)
          found.set(
            p.id,
            p.prices.map((price) => price.storeId),
          );
      }
      productIds = [...found.keys()];
      storeIds = [...new Set([...found.values()].flat())];
      if (productIds.length === 0) throw new Error('the ingested products are not found by search');
    }
    for (const store of storeIds.slice(0, 3))
      await authed(server, 'POST', `/api/${sc}/stores/${store}`, token);
    const list = (await authed(server, 'POST', `/api/${sc}/lists`, token, {
      name: 'Weekly',
      productId: productIds[0],
    })) as { id: number };
    shoppers.push({
      token,
      shortCode: sc,
      listId: list.id,
      cart: new Map(),
      list: new Map([[productIds[0] as number, true]]),
      favourites: new Map(),
    });
  }
  return { shoppers, productIds, storeIds };
}

async function benchOne(name: string, databaseUrl: string | undefined) {
  log(
    `\n== ${name}: ${CONNECTIONS} connections, ${CONNECTIONS * PER_CONNECTION} households, ${SECONDS} s per run, KETE_WORKERS=2 ==`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-reliability-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: '0',
    KETE_WORKERS: '2',
    KETE_SECRET: randomBytes(32).toString('hex'),
    KETE_SIGNIN_RATE_LIMIT: '1000000',
    // The abuse run's attackers and victim are told apart by X-Forwarded-For.
    KETE_TRUST_PROXY: 'true',
    SMTP_URL: '',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  };
  const feedFile = join(dataDir, 'feed.ndjson');
  feed(feedFile);
  const ingest = spawnSync(process.execPath, [join(dist, 'cli.js'), 'ingest', feedFile], {
    env,
    encoding: 'utf8',
  });
  if (ingest.status !== 0) throw new Error(`ingest failed: ${ingest.stderr}`);
  const serverLines: ServerLine[] = [];
  const server = await startServer(
    join(dist, 'server.js'),
    env,
    4100 + Math.floor(Math.random() * 800),
    (line) => serverLines.push({ at: performance.now(), line }),
  );
  const outbox = join(dataDir, 'outbox');
  try {
    const started = performance.now();
    const { shoppers, productIds } = await setUpShoppers(
      server,
      outbox,
      CONNECTIONS * PER_CONNECTION,
      'house',
    );
    log(
      `set up ${shoppers.length} households over ${productIds.length} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // load
    const plain = newFigures();
    if (PARTS.has('load')) {
      await runHouseholds(server.url, shoppers, productIds, SECONDS, plain, false, CONNECTIONS);
      log(describeFigures('load', plain));
      log(describeVerification('load', await verifyHouseholds(server.url, shoppers)));
    }

    // abuse: one user at its caps hammering heavy requests, a flood of sign-ins for a victim
    if (PARTS.has('abuse')) {
      const [heavy] = (await setUpShoppers(server, outbox, 1, 'heavy')).shoppers;
      if (!heavy) throw new Error('no heavy user');
      // Its list as full as the catalogue allows, then all of it on its shopping list in one request:
      // under its 300 writes a minute.
      for (const id of productIds.slice(1, 290)) {
        await authed(server, 'POST', `/api/${heavy.shortCode}/lists/${heavy.listId}/${id}`, heavy.token);
      }
      await authed(server, 'POST', `/api/${heavy.shortCode}/lists/${heavy.listId}/cart`, heavy.token);
      // The victim has used Kete before (a stranger picks a real person to lock out).
      const victim = 'victim@bench.example';
      await signIn(server, outbox, victim);
      const abuse = newFigures();
      const until = Date.now() + SECONDS * 1000;
      let heavyRequests = 0;
      let heavyRefused = 0;
      let floodRequests = 0;
      const hammer = async () => {
        while (Date.now() < until) {
          const path =
            Math.random() < 0.5
              ? `/api/${heavy.shortCode}/cart`
              : `/api/${heavy.shortCode}/lists/${heavy.listId}/cart`;
          const res = await fetch(`${server.url}${path}`, {
            method: path.endsWith(`/lists/${heavy.listId}/cart`) ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${heavy.token}` },
          }).catch(() => null);
          await res?.arrayBuffer();
          heavyRequests++;
          if (res?.status === 429) heavyRefused++;
        }
      };
      const flood = async (n: number) => {
        while (Date.now() < until) {
          const ip = `203.0.${n}.${Math.floor(Math.random() * 250)}`;
          const wrong = Math.random() < 0.5;
          const res = await fetch(`${server.url}/api/identity/${wrong ? 'passcode' : 'email'}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify(wrong ? { email: victim, passcode: 'AAA-AAA' } : { email: victim }),
          }).catch(() => null);
          await res?.arrayBuffer();
          floodRequests++;
        }
      };
      // The attackers' 40 loops replace 40 connections' households: the machine carries the same connections.
      const others = shoppers.slice(0, Math.max(1, (CONNECTIONS - 40) * PER_CONNECTION));
      await Promise.all([
        runHouseholds(server.url, others, productIds, SECONDS, abuse, false, CONNECTIONS - 40),
        ...Array.from({ length: 20 }, hammer),
        ...Array.from({ length: 20 }, (_, n) => flood(n)),
      ]);
      log(describeFigures('abuse (other households)', abuse));
      const p95 = (f: typeof plain) =>
        percentile(
          [...f.latencies].sort((a, b) => a - b),
          95,
        );
      log(
        `abuse: heavy user ${heavyRequests} requests (${heavyRefused} refused 429), sign-in flood ${floodRequests} requests; households' p95 ${p95(abuse).toFixed(1)} ms vs ${p95(plain).toFixed(1)} ms plain = ${(p95(abuse) / p95(plain)).toFixed(2)}x`,
      );
      let victimIn = false;
      try {
        await signIn(server, outbox, victim);
        victimIn = true;
      } catch (error) {
        log(`abuse: victim sign-in failed: ${String(error)}`);
      }
      log(`abuse: the victim ${victimIn ? 'signed in' : 'could NOT sign in'} after the flood`);
      log(describeVerification('abuse', await verifyHouseholds(server.url, others)));
    }

    if (PARTS.has('plan'))
      await planAbuseRun({
        server,
        env,
        dataDir,
        databaseUrl,
        outbox,
        shoppers,
        productIds,
        plain,
        log,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });

    if (PARTS.has('imports')) await importAbuseRun(server, outbox, shoppers, SECONDS, log);

    if (PARTS.has('faults')) await killFault(faultRun, server, shoppers, productIds, serverLines);
    if (PARTS.has('restart') && databaseUrl)
      await restartFault(faultRun, server, shoppers, productIds, serverLines);

    // fuzz
    if (PARTS.has('fuzz')) {
      const [fuzzer] = (await setUpShoppers(server, outbox, 1, 'fuzz')).shoppers;
      if (!fuzzer) throw new Error('no fuzz user');
      const snapshot = async () =>
        JSON.stringify(
          await Promise.all(
            ['/cart', '/favourites', '/access', `/lists/${fuzzer.listId}`].map((p) =>
              authed(server, 'GET', `/api/${fuzzer.shortCode}${p}`, fuzzer.token),
            ),
          ),
        );
      const before = await snapshot();
      const fuzz = await fuzzApi(server.url, fuzzer.token, fuzzer.shortCode, FUZZ);
      const after = await snapshot();
      log(
        `fuzz: ${fuzz.operations} operations x ${FUZZ} = ${fuzz.requests} requests; 5xx ${fuzz.fiveXx.length}, refusals not in the error shape ${fuzz.badShape.length}, refusals as a page (the e-mail's unsubscribe link) ${fuzz.pages}, accepted ${fuzz.accepted}; fuzzed workspace ${before === after ? 'unchanged' : 'CHANGED (by an accepted request)'}`,
      );
      for (const line of [...fuzz.fiveXx, ...fuzz.badShape].slice(0, 10)) log(`  ${line}`);
    }

    if (PARTS.has('backup'))
      await backupUnderLoad(faultRun, server, shoppers, productIds, { env, dataDir, outbox, databaseUrl });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // BENCH_SKIP_SQLITE=1 runs PostgreSQL only (the bench is run in short slices on a shared machine).
  if (process.env.BENCH_SKIP_SQLITE !== '1') await benchOne('SQLite', undefined);
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) {
    log('\n(PostgreSQL left out: set BENCH_DATABASE_URL=postgres://user@host:5432/db to run it too)');
    return;
  }
  const name = `kete_rel_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  try {
    await benchOne('PostgreSQL', admin.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    const drop = new pg.Client({ connectionString: admin });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
