// `kete refresh` over local shops speaking the real APIs: the plan, the order (specials first), the
// summary, a failing store keeping its prices, opening hours, and the lease (SQLite and PostgreSQL).

import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startChainsProxy } from '../../test/fixtures/chains/chains-proxy.js';
import { startFoodstuffsShop } from '../../test/fixtures/chains/foodstuffs-shop.js';
import { startWoolworthsShop } from '../../test/fixtures/chains/woolworths-shop.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { acquireLease } from './job-lease.js';
import { refreshCommand } from './refresh.command.js';
import { REFRESH_LEASE, refreshOnce } from './refresh.service.js';
import { refreshProgress } from './refresh-progress.js';
import { startRefreshSchedule } from './refresh-schedule.js';
import { checkStalledChains } from './stalled-chains.js';
import { statusCommand } from './status.command.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
// Real seeded stores. New World Alexandra is missing from the local shop's store list: it fails.
const woolworthsSite = '9159';
const paknsave = '2a1b331a-fc4a-496a-b072-e97cc8f70cae';
const newworld = '773ad0a0-024e-46c5-a94b-df1cf86d25cc';
const missing = '8d098344-5474-4626-ae1c-90ed0f57306f';
const storeIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn('refresh.owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  const rows = await t.ctx.db
    .selectFrom('stores')
    .select(['id', 'source_id'])
    .where('source_id', 'in', [woolworthsSite, paknsave, newworld, missing])
    .execute();
  for (const { id, source_id } of rows) {
    storeIds[source_id] = id;
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });
  }
});
afterAll(() => t.close());

function cliIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

async function startShops() {
  const wool = await startWoolworthsShop({
    departments: [
      { slug: 'fruit-veg', name: 'Fruit & Veg', count: 30 },
      { slug: 'pantry', name: 'Pantry', count: 25 },
    ],
    pickup: { '1225552': 9527 },
    specials: 5,
    sites: { [woolworthsSite]: 'Nelson Woolworths' },
  });
  const food = await startFoodstuffsShop({
    stores: [
      { id: paknsave, name: "PAK'nSAVE Highland Park", region: 'NI' },
      { id: newworld, name: 'New World Albany', region: 'NI' },
    ],
    categories: [
      { name: 'Fruit & Vegetables', count: 20 },
      { name: 'Pantry', count: 10 },
    ],
  });
  const proxy = await startChainsProxy({ woolworths: wool.url, foodstuffs: food.url });
  return {
    wool,
    food,
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await wool.close();
      await food.close();
    },
  };
}

describe('store facts', () => {
  it("seeds each Woolworths site's online-shop store id", async () => {
    const rows = await t.ctx.db
      .selectFrom('stores')
      .select(['source_id', 'online_store_id'])
      .where('source_id', 'in', ['9094', '9159', '9702', newworld])
      .orderBy('source_id')
      .execute();
    expect(rows).toEqual([
      { source_id: '773ad0a0-024e-46c5-a94b-df1cf86d25cc', online_store_id: null },
      { source_id: '9094', online_store_id: '9045' },
      { source_id: '9159', online_store_id: '9527' },
      // Flaxmere is not served by the online shop.
      { source_id: '9702', online_store_id: null },
    ]);
  });
});

describe('kete refresh', () => {
  it('prints the plan and its estimated duration with --dry-run', async () => {
    const { io, out } = cliIo();
    expect(await refreshCommand.run(['--dry-run'], t.ctx, io)).toBe(0);
    expect(out.join('\n')).toMatch(
      /^newworld: 2 stores, specials first, then full listings: New World Albany \(773ad0a0/m,
    );
    expect(out.join('\n')).toMatch(
      /^woolworths: 1 store, specials first, then full listings: Woolworths Nelson \(9159\)$/m,
    );
    // newworld: 2 x (45 + 360) requests at 1.5 s is the longest queue: 20 min 15 s.
    expect(out.at(-1)).toBe(
      '4 stores, about 1,450 requests at one per 1500 ms per chain: specials fresh in about 2 min, everything in about 20 min.',
    );
  });

  it('refreshes every chosen store, specials first; a failing store keeps its prices and is reported', async () => {
    // An old price at the store that will fail: it must survive the refresh.
    await ingestLines(t.ctx, [
      JSON.stringify({
        chain: 'newworld',
        store: missing,
        productKey: 'OLD-1',
        name: 'Old Loaf',
        price: 350,
        observedAt: t.clock.now() - 86_400_000,
      }),
    ]);
    const shops = await startShops();
    const progress: string[] = [];
    const log: string[] = [];
    try {
      const summary = await refreshOnce(t.ctx, {
        intervalMs: 0,
        retries: 0,
        backoffMs: 1,
        baseUrl: shops.url,
        progress: refreshProgress({ write: (s) => void progress.push(s) }, 8),
        log: (l) => log.push(l),
      });
      expect(summary).toMatchObject({ storesDone: 3, storesFailed: 1, products: 55 + 30 + 30 });
      expect(summary?.priceChanges).toBeGreaterThan(100);
      expect(log).toEqual([
        expect.stringMatching(
          /^newworld New World Alexandra specials failed, old prices kept: newworld store 8d098344-.* is not in the chain's online store list/,
        ),
        expect.stringMatching(/^newworld New World Alexandra full failed, old prices kept/),
      ]);
      // Plain lines, not a redrawn bar, when the output is not a terminal.
      expect(progress.join('')).not.toContain('\r');
      // The 5 specials were loaded first; the full listing adds the other 50.
      expect(progress).toContain(
        'refresh: woolworths Woolworths Nelson full: 55 products, 50 prices changed, 0 delisted\n',
      );

      // Each chain's specials came before its full listings.
      const woolPaths = shops.wool.requests.map((r) => r.path);
      const lastSpecials = woolPaths.findLastIndex((p) => p.includes('target=specials'));
      const firstBrowse = woolPaths.findIndex((p) => p.includes('target=browse'));
      expect(lastSpecials).toBeGreaterThan(0);
      expect(lastSpecials).toBeLessThan(firstBrowse);
      const filters = shops.food.requests
        .filter((r) => r.path === '/v1/edge/search/paginated/products')
        .map((r) => (r.body as { algoliaQuery: { filters: string } }).algoliaQuery.filters);
      expect(filters.findLastIndex((f) => f.includes('onPromotion'))).toBeLessThan(
        filters.findIndex((f) => !f.includes('onPromotion')),
      );
    } finally {
      await shops.close();
    }
    const old = await t.ctx.db
      .selectFrom('prices as p')
      .innerJoin('product_sources as s', 's.product_id', 'p.product_id')
      .select('p.price')
      .where('s.product_key', '=', 'OLD-1')
      .where('p.store_id', '=', storeIds[missing] ?? 0)
      .execute();
    expect(old).toEqual([{ price: 350 }]);

    // Opening hours from the chains' store feeds reach the Store API.
    const { stores } = (await owner.request({ method: 'POST', url: '/api/init/start' })).json();
    const byId = new Map(stores.all.map((s: { id: number }) => [s.id, s]));
    expect(byId.get(storeIds[woolworthsSite])).toMatchObject({
      openingHours: expect.arrayContaining([
        { day: 1, open: '07:00', close: '21:00' },
        { day: 0, open: '07:00', close: '20:00' },
      ]),
    });
    expect(byId.get(storeIds[paknsave])).toMatchObject({
      openingHours: expect.arrayContaining([
        { day: 0, open: '07:00', close: '20:00' },
        { day: 3, open: '07:00', close: '22:00' },
      ]),
    });
    expect(byId.get(storeIds[missing])).toMatchObject({ openingHours: null });

    // Issue 33: each store's last refresh and its prices' ages, for operators (no personal data).
    const answer = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(answer.statusCode, answer.body).toBe(200);
    const status = answer.json();
    const failed = status.stores.find((s: { storeId: number }) => s.storeId === storeIds[missing]);
    expect(failed).toMatchObject({
      prices: 1,
      oldestSeenAt: t.clock.now() - 86_400_000,
      lastRefresh: { ok: false, error: expect.stringMatching(/New World Alexandra specials failed/) },
    });
    const done = status.stores.find((s: { storeId: number }) => s.storeId === storeIds[woolworthsSite]);
    expect(done).toMatchObject({ prices: 55, newestSeenAt: t.clock.now(), lastRefresh: { ok: true } });
    expect(JSON.stringify(status)).not.toMatch(/@/);
    const lines: string[] = [];
    const code = await statusCommand.run([], t.ctx, { out: (l) => lines.push(l), err: () => {} });
    expect(code).toBe(0);
    expect(lines).toContainEqual(
      expect.stringMatching(/^newworld: \d+ chosen stores, newest price 0 min old/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}New World Alexandra: 1 prices, newest 1 day, oldest 1 day; last refresh 0 min ago failed: /,
      ),
    );
    // Nine days on without a refresh: every chain has stalled, logged once per chain.
    t.clock.advance(9 * 86_400_000);
    const logged: string[] = [];
    expect(await checkStalledChains(t.ctx, (l) => logged.push(l))).toBe(3);
    expect(logged[0]).toMatch(/^Prices stalled: \w+ has no price younger than 8 days/);
    expect(await statusCommand.run([], t.ctx, { out: () => {}, err: () => {} })).toBe(2);
    t.clock.advance(-9 * 86_400_000);
  });

  it('runs one refresh at a time across processes: a held lease makes the next one wait its turn', async () => {
    const held = await acquireLease(t.ctx.db, REFRESH_LEASE, 60_000);
    expect(held).not.toBeNull();
    expect(await acquireLease(t.ctx.db, REFRESH_LEASE, 60_000)).toBeNull();
    const { io, err } = cliIo();
    expect(
      await refreshCommand.run(['--interval-ms', '0', '--base-url', 'http://127.0.0.1:9'], t.ctx, io),
    ).toBe(1);
    expect(err).toEqual(['A refresh is already running against this database; try again when it ends.']);
    expect(await held?.renew()).toBe(true);
    await held?.release();
    expect(await held?.renew()).toBe(false);
    // An expired lease (its holder died) is taken over, and the old holder can no longer renew it.
    const dying = await acquireLease(t.ctx.db, REFRESH_LEASE, -1);
    const next = await acquireLease(t.ctx.db, REFRESH_LEASE, 60_000);
    expect(next).not.toBeNull();
    expect(await dying?.renew()).toBe(false);
    await next?.release();
  });

  it('a second refresh while one is running is skipped', async () => {
    // A shop that holds every request until told to answer (503), so the first refresh is mid-way.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let seen: () => void = () => undefined;
    const firstRequest = new Promise<void>((resolve) => {
      seen = resolve;
    });
    const server = createServer(async (_req, res) => {
      seen();
      await held;
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const options = { intervalMs: 0, retries: 0, backoffMs: 1, baseUrl, log: () => undefined };
    try {
      const first = refreshOnce(t.ctx, options);
      await firstRequest;
      expect(await refreshOnce(t.ctx, options)).toBeNull();
      answer();
      expect(await first).toMatchObject({ storesFailed: 4 });
    } finally {
      answer();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('runs on the KETE_REFRESH schedule inside the server, and a bad pattern stops start-up', async () => {
    expect(loadConfig({ KETE_REFRESH: '0 1 * * 1' }).refreshCron).toBe('0 1 * * 1');
    expect(loadConfig({}).refreshCron).toBeUndefined();
    expect(() => loadConfig({ KETE_REFRESH: 'every monday' })).toThrow(ConfigError);
    expect(() => loadConfig({ KETE_REFRESH: 'every monday' })).toThrow(
      /KETE_REFRESH: must be a cron expression/,
    );

    const log: string[] = [];
    // Nothing listens on port 9: every store fails, and the server carries on.
    const job = startRefreshSchedule(t.ctx, '0 1 * * 1', (line) => log.push(line), {
      baseUrl: 'http://127.0.0.1:9',
      retries: 0,
      intervalMs: 0,
    });
    try {
      // 1 am on a Monday in New Zealand is 12:00 (daylight time) or 13:00 UTC on the Sunday.
      expect([12, 13]).toContain(job.nextRun()?.getUTCHours());
      expect(job.nextRun()?.getUTCDay()).toBe(0);
      await job.trigger();
      expect(log.at(-1)).toBe('Refresh done: 0 stores done, 4 failed, 0 products, 0 price changes.');
    } finally {
      job.stop();
    }
  });
});
