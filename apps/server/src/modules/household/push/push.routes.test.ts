// Web Push end to end: the real app posts to a local push service that decrypts every message
// with the subscription's own keys and checks the VAPID signature (test/push-service.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../../lib/clock.js';
import { isPrivateAddress } from '../../../lib/public-address.js';
import { seededStoreId } from '../../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../../test/fixtures/feed-lines.js';
import { TestPushService, type TestSubscription } from '../../../test/push-service.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { testDialect } from '../../../test/test-database.js';
import { digestSubject, sendDueAlerts } from '../../alerts/alerts.service.js';
import { ingestLines } from '../../ingest/ingest.service.js';
import { createProduct } from '../../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../../shopping/test/household.js';
import { endpointProblem } from './endpoint-guard.js';
import { pushesSettled } from './push.service.js';

const postgres = testDialect() === 'postgres';
let t: TestApp;
let service: TestPushService;
let aroha: Shopper;
let ben: Shopper;
let store: number;
let bread: number;
const ALL = { drops: 'instant', shopping: true, addedWhileShopping: true } as const;

const subscribe = (who: Shopper, subscription: TestSubscription, topics: object = ALL) =>
  who.request({ method: 'PUT', url: '/api/me/push', payload: { subscription, topics } });

/** Waits for the app's background pushes, then answers what this subscription received. */
async function receivedBy(subscription: TestSubscription) {
  await pushesSettled(t.ctx);
  return service.for(subscription);
}

beforeAll(async () => {
  process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
  t = await buildTestApp(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {});
  service = new TestPushService();
  await service.start();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  await shareWith(aroha, ben);
  const ps = stores.paknsaveAlbany;
  await ingestLines(t.ctx, [
    priceLine(ps, { productKey: 'BM', name: 'Blue Top Milk', brand: 'Anchor', size: '2L', price: 500 }),
  ]);
  store = await seededStoreId(t, ps);
  await aroha.api('POST', `/stores/${store}`);
  bread = await createProduct(t.ctx.db, { name: 'Sourdough Bread' });
});
afterAll(async () => {
  await t.close();
  await service.close();
  delete process.env.KETE_PUSH_ALLOW_PRIVATE;
});
beforeEach(async () => {
  process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
  await t.ctx.db.deleteFrom('push_subscriptions').execute();
  await aroha.api('DELETE', '/trip');
});

describe('the VAPID key', () => {
  it('is generated once and kept in the data folder like the secret', async () => {
    const res = await aroha.request({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const kept = JSON.parse(readFileSync(join(t.ctx.config.dataDir, 'vapid-keys.json'), 'utf8'));
    expect(kept.publicKey).toBe(publicKey);
    expect((await ben.request({ method: 'GET', url: '/api/push/key' })).json().publicKey).toBe(publicKey);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });
});

describe('the endpoint guard', () => {
  it('takes only https endpoints on public addresses', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QGx', false)).toBeNull();
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://db/x',
      'https://user:pw@push.example.com/x',
      'ftp://push.example.com/x',
    ]) {
      expect(endpointProblem(bad, false), bad).not.toBeNull();
    }
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
  });

  it('refuses a private endpoint unless KETE_PUSH_ALLOW_PRIVATE=1', async () => {
    delete process.env.KETE_PUSH_ALLOW_PRIVATE;
    const res = await subscribe(ben, service.subscribe());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['subscription.endpoint'].message).toBe('Use an https push endpoint.');
    process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
    expect((await subscribe(ben, service.subscribe())).statusCode).toBe(200);
  });

  it('refuses keys that are not a subscription’s and bad topics', async () => {
    const sub = service.subscribe();
    const short = { ...sub, keys: { p256dh: 'abc', auth: sub.keys.auth } };
    expect((await subscribe(ben, short)).statusCode).toBe(400);
    expect((await subscribe(ben, sub, { ...ALL, drops: 'hourly' })).statusCode).toBe(400);
  });
});

describe('pushes', () => {
  it("tell the other members that one is going shopping, decrypted with the device's keys", async () => {
    const bens = service.subscribe();
    const arohas = service.subscribe();
    expect((await subscribe(ben, bens)).statusCode).toBe(200);
    expect((await subscribe(aroha, arohas)).statusCode).toBe(200);
    expect((await aroha.api('POST', '/trip', { storeId: store })).statusCode).toBe(200);
    const [push] = await receivedBy(bens);
    expect(service.errors).toEqual([]);
    expect(push?.payload).toMatchObject({
      title: 'Going shopping',
      body: "Aroha is shopping at PAK'nSAVE Albany",
      url: `/a/switch/${aroha.shortCode}?to=/w/cart`,
    });
    // Signed with the key the app gives to browsers, for this push service's origin.
    const { publicKey } = (await ben.request({ method: 'GET', url: '/api/push/key' })).json();
    expect(push?.publicKey).toBe(publicKey);
    expect(push?.claims.aud).toBe(new URL(bens.endpoint).origin);
    expect(push?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(Number(push?.ttl)).toBeGreaterThan(0);
    // Not to the shopper herself.
    expect(await receivedBy(arohas)).toEqual([]);
  });

  it('tell the shopper what others add during the trip, as each chose', async () => {
    const arohas = service.subscribe();
    const bens = service.subscribe();
    await subscribe(aroha, arohas);
    await subscribe(ben, bens, { ...ALL, shopping: false });
    await aroha.api('POST', '/trip', { storeId: store });
    expect(await receivedBy(bens)).toEqual([]);
    expect(
      (await ben.api('POST', '/cart', { productId: bread, quantity: 1 }, aroha.shortCode)).statusCode,
    ).toBe(200);
    const [push] = await receivedBy(arohas);
    expect(push?.payload).toMatchObject({ title: 'Ben added to the list', body: 'Sourdough Bread' });
    // Her own adds are not news to her; without a trip, nobody's are.
    await aroha.api('POST', '/cart', { productId: bread, quantity: 1 });
    await aroha.api('DELETE', '/trip');
    await ben.api('POST', '/cart', { productId: bread, quantity: 1 }, aroha.shortCode);
    expect(await receivedBy(arohas)).toHaveLength(1);
  });

  it('forget a subscription the push service says is gone, and one turned off', async () => {
    const bens = service.subscribe();
    await subscribe(ben, bens);
    service.gone(bens);
    await aroha.api('POST', '/trip', { storeId: store });
    await pushesSettled(t.ctx);
    expect(await t.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
    const again = service.subscribe();
    await subscribe(ben, again);
    const settings = await ben.request({
      method: 'POST',
      url: '/api/me/push/settings',
      payload: { endpoint: again.endpoint },
    });
    expect(settings.json()).toEqual({ topics: ALL });
    // Another user cannot remove it; its own user (turning off, signing out) can.
    await aroha.request({ method: 'DELETE', url: '/api/me/push', payload: { endpoint: again.endpoint } });
    expect(await t.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute()).toHaveLength(1);
    const removed = await ben.request({
      method: 'DELETE',
      url: '/api/me/push',
      payload: { endpoint: again.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('bring price drops instantly, or the daily digest by push instead of e-mail', async () => {
    const ps = stores.paknsaveAlbany;
    await aroha.api('POST', `/favourites/${await milkId()}`);
    const instant = service.subscribe();
    const daily = service.subscribe();
    await subscribe(aroha, instant);
    await subscribe(ben, daily, { ...ALL, drops: 'daily' });
    t.clock.advance(HOUR);
    await ingestLines(t.ctx, [
      priceLine(ps, {
        productKey: 'BM',
        name: 'Blue Top Milk',
        brand: 'Anchor',
        size: '2L',
        price: 420,
        observedAt: t.clock.now() - 60_000,
      }),
    ]);
    await pushesSettled(t.ctx);
    const [now] = service.for(instant);
    expect(now?.payload).toMatchObject({
      title: 'Price drop on a favourite',
      body: "Blue Top Milk at PAK'nSAVE Albany: $5.00 → $4.20",
    });
    // The digest run after the ingest (alerts module) sends it; a run now finds nothing more due.
    await sendDueAlerts(t.ctx);
    const [digest] = await arrived(daily, 1);
    expect(digest?.payload).toMatchObject({ title: 'Price drop on a favourite', url: '/w' });
    // Both take drops by push: neither gets the e-mail.
    expect(t.smtp.messages.filter((m) => m.subject === digestSubject)).toEqual([]);
    expect(service.for(instant)).toHaveLength(1);
  });
});

/** The pushes for a subscription once `count` have come (sent by a run the test does not await). */
async function arrived(subscription: TestSubscription, count: number) {
  for (let i = 0; i < 200 && service.for(subscription).length < count; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return service.for(subscription);
}

const milkId = async () =>
  (
    await t.ctx.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Blue Top Milk')
      .executeTakeFirstOrThrow()
  ).id;

describe('a configured key pair', () => {
  it('wins over the generated one, and a bad one stops start-up with a message', async () => {
    const { loadOrCreateVapidKeys } = await import('./vapid-keys.js');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'kete-vapid-'));
    const generated = loadOrCreateVapidKeys(dir, {});
    expect(loadOrCreateVapidKeys(dir, {})).toEqual(generated);
    const other = loadOrCreateVapidKeys(mkdtempSync(join(tmpdir(), 'kete-vapid-')), {});
    const env = { KETE_VAPID_PUBLIC_KEY: other.publicKey, KETE_VAPID_PRIVATE_KEY: other.privateKey };
    expect(loadOrCreateVapidKeys(dir, env)).toEqual(other);
    expect(() => loadOrCreateVapidKeys(dir, { KETE_VAPID_PUBLIC_KEY: other.publicKey })).toThrow(
      /KETE_VAPID_PUBLIC_KEY and KETE_VAPID_PRIVATE_KEY/,
    );
  });
});
