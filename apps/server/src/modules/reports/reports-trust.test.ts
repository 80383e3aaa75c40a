// Issue 44 item 1: reports one person cannot weaponise. A price leaves the split and the plan only
// on reports from 2 different people, each settled at that store (a member for 7 days of a
// workspace that chose it 7 days ago); others' reports are kept for the operator, hide nothing.
import { REPORTS_PER_DAY_MESSAGE, ZProduct } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../cli/command.js';
import { DAY } from '../../lib/clock.js';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { reportsCommand, resolveReportCommand } from './reports.commands.js';
import { reportsService } from './reports.service.js';
import { settle } from './test/settled.js';

let t: TestApp;
let stores: Awaited<ReturnType<typeof loadCatalogue>>;
let blueTop: number;

const productId = async (key: string) =>
  (
    await t.ctx.db
      .selectFrom('product_sources')
      .select('product_id')
      .where('product_key', '=', key)
      .executeTakeFirstOrThrow()
  ).product_id;

/** A new account whose own workspace chose Pak'nSave; settled: 8 days ago. */
async function shopper(email: string, settled: boolean): Promise<Shopper> {
  const s = await signInShopper(t, email);
  await addWorkspaceStore(t.ctx.db, s.workspaceId, stores.paknsave);
  if (settled) await settle(t.ctx, s.workspaceId, [s.userId]);
  return s;
}

const report = (who: Shopper, kind: string, product = blueTop, shortCode = who.shortCode) =>
  who.api('POST', `/products/${product}/reports`, { storeId: stores.paknsave, kind }, shortCode);

/** Whether the Pak'nSave price of Blue Top is marked reported (out of the split and the plan). */
async function reported(viewer: Shopper): Promise<boolean> {
  const res = await viewer.api('GET', `/products/${blueTop}`);
  expect(res.statusCode, res.body).toBe(200);
  const price = ZProduct.parse(res.json()).prices.find((p) => p.storeId === stores.paknsave);
  expect(price).toBeDefined();
  return price?.reported === true;
}
const planStores = async (who: Shopper) => {
  const res = await who.api('POST', '/cart/plan', {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { stores: { storeId: number }[] }).stores.map((s) => s.storeId);
};

const run = async (command: typeof reportsCommand, args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await command.run(args, t.ctx, io);
  return { code, out, err };
};

beforeAll(async () => {
  t = await buildTestApp();
  stores = await loadCatalogue(t);
  blueTop = await productId('BT');
});
afterAll(() => t.close());

describe('reports that one person cannot weaponise', () => {
  let viewer: Shopper;
  let alice: Shopper;

  beforeAll(async () => {
    viewer = await shopper('viewer@example.com', true);
    for (const store of [stores.newWorld, stores.woolworths])
      await addWorkspaceStore(t.ctx.db, viewer.workspaceId, store);
    expect((await viewer.api('POST', '/cart', { productId: blueTop, quantity: 1 })).statusCode).toBe(200);
  });

  it('two fresh accounts, or accounts whose household chose the store today, hide nothing', async () => {
    const fresh1 = await shopper('fresh1@example.com', false);
    const fresh2 = await shopper('fresh2@example.com', false);
    // An 8-day-old account whose household chose Pak'nSave only today.
    const oldAccountNewStore = await shopper('newstore@example.com', false);
    await settle(t.ctx, oldAccountNewStore.workspaceId, [oldAccountNewStore.userId]);
    await t.ctx.db
      .updateTable('workspace_stores')
      .set({ created_at: t.clock.now() })
      .where('workspace_id', '=', oldAccountNewStore.workspaceId)
      .execute();
    for (const who of [fresh1, fresh2, oldAccountNewStore]) {
      const res = await report(who, 'price');
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await reported(viewer)).toBe(false);
    expect(await planStores(viewer)).toEqual([stores.paknsave]);
    // Kept, and shown to the operator with each reporter's count and account age.
    const open = await run(reportsCommand, ['--open']);
    expect(open.out).toHaveLength(3);
    expect(open.out[0]).toContain('by fresh1@example.com');
    expect(open.out[0]).toMatch(/; 1 report, account 0 days old\) · open$/);
  });

  it("one person's reports from two workspaces, 'price' and 'unavailable', are one person's", async () => {
    alice = await shopper('alice@example.com', true);
    const bob = await shopper('bob@example.com', true);
    await shareWith(bob, alice);
    await settle(t.ctx, bob.workspaceId, [bob.userId, alice.userId]);
    expect((await report(alice, 'price')).statusCode).toBe(200);
    expect((await report(alice, 'unavailable', blueTop, bob.shortCode)).statusCode).toBe(200);
    expect(await reported(viewer)).toBe(false);
    expect(await planStores(viewer)).toEqual([stores.paknsave]);
  });

  it('two people of two 8-day-old households hide it; --restore puts it back at once', async () => {
    const carol = await shopper('carol@example.com', true);
    const res = await report(carol, 'price');
    expect(res.statusCode, res.body).toBe(200);
    expect(await reported(viewer)).toBe(true);
    expect(await planStores(viewer)).toEqual([stores.newWorld]);

    // The operator puts the price back, though no feed has confirmed it since.
    const id = (res.json() as { id: number }).id;
    expect(await run(resolveReportCommand, [String(id), '--restore'])).toMatchObject({
      code: 0,
      out: [`Report #${id} resolved; its price is shown and used again.`],
    });
    expect(await reported(viewer)).toBe(false);
    expect(await planStores(viewer)).toEqual([stores.paknsave]);
  });

  it('--restore also brings back a price an operator hid', async () => {
    const dan = await shopper('dan@example.com', true);
    const first = ((await report(dan, 'price')).json() as { id: number }).id;
    await run(resolveReportCommand, [String(first), '--hide-price']);
    const hidden = ZProduct.parse((await viewer.api('GET', `/products/${blueTop}`)).json());
    expect(hidden.prices.map((p) => p.storeId)).not.toContain(stores.paknsave);
    expect((await run(resolveReportCommand, [String(first), '--restore'])).code).toBe(0);
    expect(await reported(viewer)).toBe(false);
    expect(await run(resolveReportCommand, ['999999', '--restore'])).toMatchObject({
      code: 1,
      err: ['No report #999999.'],
    });
    await expect(run(resolveReportCommand, [String(first), '--restore', '--hide-price'])).rejects.toThrow(
      'Choose --hide-price or --restore, not both.',
    );
  });
});

describe('how many reports one user may make', () => {
  it("at most 20 a day, a 'price' and an 'unavailable' of one price counting once; then 429", async () => {
    const busy = await shopper('busy@example.com', true);
    const teas = await Promise.all(Array.from({ length: 21 }, (_, i) => productId(`TEA${i}`)));
    for (const tea of teas.slice(0, 20)) {
      const res = await report(busy, 'price', tea);
      expect(res.statusCode, res.body).toBe(200);
    }
    // The same prices found missing too: no new report in the count.
    const again = await report(busy, 'unavailable', teas[0]);
    expect(again.statusCode, again.body).toBe(200);
    const refused = await report(busy, 'price', teas[20]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: REPORTS_PER_DAY_MESSAGE });
    expect(
      await t.ctx.db
        .selectFrom('price_reports')
        .select('id')
        .where('product_id', '=', teas[20] as number)
        .execute(),
    ).toEqual([]);
    // A day later the user may report again (signed in again: a day outlives the access token).
    t.clock.advance(DAY + 1);
    const nextDay = await signInShopper(t, busy.email);
    expect((await report(nextDay, 'price', teas[20])).statusCode).toBe(200);
  });

  it('more than 10 in an hour is a warning in the log, naming the user', async () => {
    const eager = await shopper('eager@example.com', true);
    const warnings: [number, number][] = [];
    const service = reportsService(t.ctx);
    for (let i = 30; i < 42; i++)
      await service.create(
        eager.workspaceId,
        eager.userId,
        await productId(`TEA${i}`),
        { storeId: stores.paknsave, kind: 'price' },
        (userId, inHour) => warnings.push([userId, inHour]),
      );
    expect(warnings).toEqual([
      [eager.userId, 11],
      [eager.userId, 12],
    ]);
  });
});
