// Live streams end when the right to them ends (issue 32, item 3): at the access token's expiry,
// when the session is signed out, when membership ends; a few per user and per client address,
// counted across processes; the rights checked once per heartbeat, not once per stream.
import { LIVE_STREAMS_PER_CLIENT, LIVE_STREAMS_PER_USER } from '@kete/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.js';
import { MINUTE } from '../../lib/clock.js';
import { registerAuthentication } from '../../plugins/authentication.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { identityService } from '../identity/identity.service.js';
import { ACCESS_TOKEN_TTL_MS } from '../identity/tokens.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { inProcessTransport, WorkspaceEventBus } from './event-bus.js';
import { eventsRoutes } from './events.routes.js';
import { streamLimitMessages } from './stream-leases.js';
import { openLiveStream } from './test/sse-client.js';

const HEARTBEAT_MS = 100;

let t: TestApp;
const apps: FastifyInstance[] = [];

/**
 * A server process of its own over the test's database: authentication and the events routes,
 * with a heartbeat a tenth of a second long. `db`: the instance its streams' checks use.
 */
async function liveProcess(db: Kysely<DB> = t.ctx.db): Promise<string> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  registerAuthentication(app, t.ctx, identityService(t.ctx).accessTokens);
  const bus = new WorkspaceEventBus(inProcessTransport());
  await eventsRoutes(app, { ...t.ctx, db }, { bus, heartbeatMs: HEARTBEAT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Shoppers are signed in through the test app: their session is there. */
const refreshTokenOf = (shopper: Shopper) => (shopper as Shopper & SignedIn).session.refresh_token;
const tokenOf = (shopper: Shopper) => shopper.headers.authorization.slice('Bearer '.length);
const streamOf = (base: string, shopper: Shopper, shortCode = shopper.shortCode, token = tokenOf(shopper)) =>
  openLiveStream(`${base}/api/${shortCode}/events`, token);
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);
const openStreams = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('live_streams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('expires_at', '>', t.clock.now())
        .executeTakeFirstOrThrow()
    ).n,
  );
async function untilOpenStreams(n: number) {
  for (let i = 0; i < 100 && (await openStreams()) !== n; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await openStreams()).toBe(n);
}

let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await liveProcess();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

describe('a live stream', () => {
  it("ends at its access token's expiry, and the expired token opens no other", async () => {
    const aroha = await signInShopper(t, 'aroha@example.com');
    t.clock.advance(ACCESS_TOKEN_TTL_MS - 1500);
    const stream = await streamOf(base, aroha);
    expect(stream.status).toBe(200);
    expect(await stream.next('ready')).not.toBeNull();
    expect(await within(stream.ended, 5000)).not.toBe('timed out');
    t.clock.advance(1500);
    expect((await streamOf(base, aroha)).status).toBe(401);
  });

  it('ends when its session is signed out, and lives on through a refresh', async () => {
    const ben = await signInShopper(t, 'ben@example.com');
    const cleo = await signInShopper(t, 'cleo@example.com');
    const bens = await streamOf(base, ben);
    const cleos = await streamOf(base, cleo);
    await bens.next('ready');
    await cleos.next('ready');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/refresh-token',
      payload: { refresh_token: refreshTokenOf(cleo) },
    });
    expect(refreshed.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      payload: { refresh_token: refreshTokenOf(ben) },
    });
    expect(out.statusCode).toBe(204);
    // Checked on the heartbeat (and once more a second later, past a rotation's moment).
    expect(await within(bens.ended, 5000)).not.toBe('timed out');
    // Its access token has minutes left, but its session is over: no new stream either.
    expect((await streamOf(base, ben)).status).toBe(401);
    // The refreshed session's stream still hears heartbeats well after those checks.
    for (let i = 0; i < 20; i++) expect(await cleos.next('ping')).not.toBeNull();
    cleos.close();
    await untilOpenStreams(0);
  });

  it('ends when its user stops being a member', async () => {
    const owner = await signInShopper(t, 'dana@example.com');
    const guest = await signInShopper(t, 'eru@example.com');
    await shareWith(owner, guest);
    const stream = await streamOf(base, guest, owner.shortCode);
    await stream.next('ready');
    expect((await owner.api('DELETE', `/access/${guest.email}`)).statusCode).toBe(204);
    expect(await within(stream.ended, 5000)).not.toBe('timed out');
    await untilOpenStreams(0);
  });
});

describe('how many streams', () => {
  it(`allows ${LIVE_STREAMS_PER_USER} per user across processes, then 429; a closed one makes room`, async () => {
    const other = await liveProcess();
    const fay = await signInShopper(t, 'fay@example.com');
    const streams = [];
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) {
      const stream = await streamOf(i % 2 ? other : base, fay);
      expect(stream.status, `stream ${i + 1}`).toBe(200);
      streams.push(stream);
    }
    for (const process of [base, other]) {
      const refused = await fetch(`${process}/api/${fay.shortCode}/events`, { headers: fay.headers });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: streamLimitMessages.user });
    }
    streams.pop()?.close();
    await untilOpenStreams(LIVE_STREAMS_PER_USER - 1);
    const again = await streamOf(other, fay);
    expect(again.status).toBe(200);
    for (const stream of [...streams, again]) stream.close();
    await untilOpenStreams(0);
  });

  it(`allows ${LIVE_STREAMS_PER_CLIENT} per client address`, async () => {
    const streams = [];
    for (let u = 0; u < LIVE_STREAMS_PER_CLIENT / LIVE_STREAMS_PER_USER; u++) {
      const user = await signInShopper(t, `house-${u}@example.com`);
      for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) {
        const stream = await streamOf(base, user);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
    }
    const newcomer = await signInShopper(t, 'newcomer@example.com');
    const refused = await fetch(`${base}/api/${newcomer.shortCode}/events`, { headers: newcomer.headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: streamLimitMessages.client });
    for (const stream of streams) stream.close();
    await untilOpenStreams(0);
  });
});

describe('the checks on a heartbeat', () => {
  it('read each (user, workspace) membership and the sessions once, however many streams share them', async () => {
    let memberships = 0;
    let sessions = 0;
    const counting: KyselyPlugin = {
      transformQuery({ node }) {
        const text = JSON.stringify(node);
        if (node.kind === 'SelectQueryNode' && text.includes('"workspace_members"')) memberships += 1;
        if (node.kind === 'SelectQueryNode' && text.includes('"refresh_tokens"')) sessions += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const process = await liveProcess(t.ctx.db.withPlugin(counting));
    const gina = await signInShopper(t, 'gina@example.com');
    const hemi = await signInShopper(t, 'hemi@example.com');
    await shareWith(gina, hemi);
    // Four of Gina's streams and one of Hemi's, all on Gina's workspace: two (user, workspace) pairs.
    const streams = [];
    for (const who of [gina, gina, gina, gina, hemi]) {
      const stream = await streamOf(process, who, gina.shortCode);
      await stream.next('ready');
      streams.push(stream);
    }
    const [first] = streams;
    await first?.next('ping');
    memberships = 0;
    sessions = 0;
    const beats = 8;
    for (let i = 0; i < beats; i++) await first?.next('ping');
    // Per stream it would be 5 a beat; per pair it is 2 (one beat may fall either side).
    expect(memberships).toBeGreaterThanOrEqual(2 * (beats - 1));
    expect(memberships).toBeLessThanOrEqual(2 * (beats + 1));
    expect(sessions).toBeLessThanOrEqual(beats + 1);
    for (const stream of streams) stream.close();
    await untilOpenStreams(0);
    t.clock.advance(MINUTE);
  });
});
