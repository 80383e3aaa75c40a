import { LIVE_CLIENT_HEADER, type WorkspaceEvent } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { createProduct } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { listenLocally as listen, openLiveStream } from './test/sse-client.js';

// On PostgreSQL the app talks LISTEN/NOTIFY over DATABASE_URL, so give it one.
const postgres = testDialect() === 'postgres';
let t: TestApp;
let base: string;
let aroha: Shopper;
let ben: Shopper;
let cleo: Shopper;
let milk: number;

const streamOf = (shopper: Shopper, url = base, shortCode = aroha.shortCode) =>
  openLiveStream(`${url}/api/${shortCode}/events`, shopper.headers.authorization.slice('Bearer '.length));
const displayName = async (shopper: Shopper) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', shopper.userId)
      .executeTakeFirstOrThrow()
  ).display_name;

beforeAll(async () => {
  t = await buildTestApp(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {});
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  cleo = await signInShopper(t, 'cleo@example.com');
  milk = await createProduct(t.ctx.db, { name: 'Milk 2L' });
  await shareWith(aroha, ben);
  base = await listen(t.app);
});
afterAll(() => t.close());

describe('the live stream of a workspace', () => {
  it('needs a session and membership', async () => {
    const anonymous = await openLiveStream(`${base}/api/${aroha.shortCode}/events`);
    expect(anonymous.status).toBe(401);
    const outsider = await streamOf(cleo);
    expect(outsider.status).toBe(403);
  });

  it('tells a member what another member changed, and who did it', async () => {
    const stream = await streamOf(ben);
    expect(stream.status).toBe(200);
    expect(await stream.next('ready')).not.toBeNull();
    expect((await aroha.api('POST', '/cart', { productId: milk, quantity: 2 })).statusCode).toBe(200);
    const added = (await stream.next('change'))?.data as WorkspaceEvent;
    expect(added).toMatchObject({
      topic: 'cart',
      action: 'added',
      productId: milk,
      productName: 'Milk 2L',
      byUserId: aroha.userId,
      byName: await displayName(aroha),
    });
    expect((await aroha.api('DELETE', `/cart/${milk}`)).statusCode).toBe(204);
    expect((await stream.next('change'))?.data).toMatchObject({
      topic: 'cart',
      action: 'removed',
      productId: milk,
    });
    expect((await aroha.api('POST', `/favourites/${milk}`)).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).toMatchObject({ topic: 'favourites', action: 'added' });
    expect((await aroha.api('PUT', '', { sharedName: 'The Whare' })).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).toMatchObject({ topic: 'workspace', action: 'changed' });
    stream.close();
  });

  it('sends nothing for reads or refused writes', async () => {
    const stream = await streamOf(ben);
    await stream.next('ready');
    await aroha.api('GET', '/cart');
    expect((await aroha.api('POST', '/cart', { productId: milk, quantity: -1 })).statusCode).toBe(400);
    // The next event the stream carries is the one after them.
    expect((await aroha.api('POST', '/lists', { name: 'Weekly', productId: milk })).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).toMatchObject({
      topic: 'lists',
      action: 'added',
      productId: milk,
    });
    stream.close();
  });

  it('announces no read, not even one sent as a POST: a plan, a search, start-up data (issue 32)', async () => {
    const stream = await streamOf(ben);
    await stream.next('ready');
    for (const reader of [aroha, ben]) {
      expect((await reader.api('POST', '/cart/plan', {})).statusCode).toBe(200);
      expect((await reader.api('POST', '/products/search', { text: 'milk' })).statusCode).toBe(200);
      expect(
        (await reader.request({ method: 'POST', url: `/api/init/switch/${aroha.shortCode}` })).statusCode,
      ).toBe(200);
    }
    // The next event the stream carries is the change after them.
    expect((await aroha.api('POST', `/favourites/${milk}`)).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).toMatchObject({ topic: 'favourites', action: 'added' });
    stream.close();
  });

  it('names the app that made a change, so that app can ignore its own echo', async () => {
    const stream = await streamOf(ben);
    await stream.next('ready');
    const change = (client: string) =>
      aroha.request({
        method: 'PUT',
        url: `/api/${aroha.shortCode}/cart`,
        headers: { [LIVE_CLIENT_HEADER]: client },
        payload: { productId: milk, quantity: 3 },
      });
    expect((await change('tab-5f0c2a9e')).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).toMatchObject({ topic: 'cart', client: 'tab-5f0c2a9e' });
    // A name that does not look like one is not passed on to other members.
    expect((await change('<b>hi</b> there')).statusCode).toBe(200);
    expect((await stream.next('change'))?.data).not.toHaveProperty('client');
    stream.close();
  });

  it("ends a member's stream when the owner revokes their access", async () => {
    const stream = await streamOf(ben);
    await stream.next('ready');
    expect((await aroha.api('DELETE', '/access/ben@example.com')).statusCode).toBe(204);
    await stream.ended;
    // The access change itself was still sent before the stream ended.
    expect((await stream.next('change'))?.data).toMatchObject({ topic: 'access', action: 'removed' });
    const again = await streamOf(ben);
    expect(again.status).toBe(403);
  });

  it("ends a member's stream when they leave (issue 44 item 2)", async () => {
    await shareWith(aroha, ben);
    const stream = await streamOf(ben);
    await stream.next('ready');
    const left = await ben.request({ method: 'DELETE', url: `/api/${aroha.shortCode}/access/me` });
    expect(left.statusCode).toBe(204);
    await stream.ended;
    expect((await streamOf(ben)).status).toBe(403);
  });
});

// (The SQLite path across processes is cluster-transport.test.ts.)
if (postgres)
  describe('across processes on PostgreSQL', () => {
    it('reaches a client of another app instance through LISTEN/NOTIFY', async () => {
      const other = await buildApp(t.ctx, { logger: false });
      const otherBase = await listen(other);
      try {
        const stream = await streamOf(aroha, otherBase);
        expect((await stream.next('ready'))?.data).toMatchObject({
          transport: 'postgres',
          you: aroha.userId,
        });
        expect((await aroha.api('PUT', '/cart', { productId: milk, quantity: 5 })).statusCode).toBe(200);
        expect((await stream.next('change'))?.data).toMatchObject({
          topic: 'cart',
          action: 'changed',
          productId: milk,
        });
        stream.close();
      } finally {
        await other.close();
      }
    });
  });
