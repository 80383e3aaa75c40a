// The PostgreSQL transport of live events: every event sent reaches the other processes, in order,
// also when hundreds are sent at once (they go in batches, one NOTIFY query per batch, packed into
// as few notifications as fit). Runs against
// TEST_DATABASE_URL in both projects, as the other PostgreSQL-only tests do.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { markRan } from '../../test/markers.js';
import type { BusMessage, EventMessage } from './event-bus.js';
import { channelFor, packed, postgresTransport } from './postgres-transport.js';

const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const message = (n: number): EventMessage => ({
  workspaceId: 7,
  event: { topic: 'cart', action: 'changed', byUserId: 1, byName: 'Aroha', at: n, productId: n },
  origin: 'sender',
});

async function pair() {
  if (!url) throw new Error('needs TEST_DATABASE_URL');
  markRan('postgres');
  // A channel of its own, so parallel test files never hear each other.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const received: EventMessage[] = [];
  const listener = postgresTransport(url, schema);
  await listener.start((m: BusMessage) => received.push(m as EventMessage));
  const sender = postgresTransport(url, schema);
  await sender.start(() => {});
  cleanups.push(
    () => listener.close(),
    () => sender.close(),
  );
  return { received, sender, schema };
}

/** A plain connection of its own, ended after the test. */
async function connected() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Counts the notifications PostgreSQL delivers on the schema's channel, as any listener gets them. */
async function countNotifications(schema: string) {
  const client = await connected();
  const counted = { notifications: 0, events: 0 };
  client.on('notification', (note) => {
    counted.notifications += 1;
    const parsed: unknown = JSON.parse(note.payload ?? 'null');
    counted.events += Array.isArray(parsed) ? parsed.length : 1;
  });
  await client.query(`LISTEN ${channelFor(schema)}`);
  return counted;
}

describe('live events over PostgreSQL', () => {
  it('delivers every one of a burst of events, in the order they were sent', async () => {
    const { received, sender } = await pair();
    const sent = Array.from({ length: 300 }, (_, i) => message(i + 1));
    await Promise.all(sent.map((m) => sender.send(m)));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(300);
    expect(received.map((m) => m.event.at)).toEqual(sent.map((m) => m.event.at));
  });

  it('packs a burst into a few notifications, so every listening process wakes a few times, not 300', async () => {
    const { received, sender, schema } = await pair();
    const counted = await countNotifications(schema);
    await Promise.all(Array.from({ length: 300 }, (_, i) => sender.send(message(i + 1))));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(300);
    // This listener's connection may hear the last notifications after the transport's: wait for
    // every event in them before counting them.
    await expect.poll(() => counted.events, { timeout: 5000 }).toBe(300);
    // 300 events of ~150 bytes fit in 6 notifications of under 8000 bytes; the first goes alone.
    expect(counted.notifications).toBeGreaterThan(1);
    expect(counted.notifications).toBeLessThanOrEqual(12);
  });

  it('sends a steady stream at most every 10 ms, however fast the round trips are', async () => {
    const { received, sender, schema } = await pair();
    const counted = await countNotifications(schema);
    const started = Date.now();
    const sent: Promise<void>[] = [];
    for (let i = 1; i <= 100; i += 1) {
      sent.push(sender.send(message(i)));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(sent);
    const elapsed = Date.now() - started;
    await expect.poll(() => counted.events, { timeout: 5000 }).toBe(100);
    // The transport's own connection may hear the last notification a moment after this listener's.
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(100);
    // One NOTIFY per round trip (well under 10 ms here) would be one for every event or two.
    expect(counted.notifications).toBeLessThanOrEqual(Math.ceil(elapsed / 10) + 1);
  });

  it('still takes a lone event as a process before packing sent it', async () => {
    const { received, schema } = await pair();
    const client = await connected();
    await client.query('SELECT pg_notify($1, $2)', [channelFor(schema), JSON.stringify(message(5))]);
    await expect.poll(() => received.map((m) => m.event.at), { timeout: 5000 }).toEqual([5]);
  });

  it('refuses an event too large for a NOTIFY, and still delivers the ones around it', async () => {
    const { received, sender } = await pair();
    const huge = { ...message(2), event: { ...message(2).event, byName: 'x'.repeat(9000) } };
    const results = await Promise.allSettled([
      sender.send(message(1)),
      sender.send(huge),
      sender.send(message(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect.poll(() => received.map((m) => m.event.at), { timeout: 5000 }).toEqual([1, 3]);
  });
});

describe('packing events into notifications', () => {
  it('keeps the order and every pack under 8000 bytes, counting bytes, not characters', () => {
    const texts = Array.from({ length: 120 }, (_, i) =>
      JSON.stringify({ n: i, name: 'Ōtāhuhu '.repeat(20) }),
    );
    const packs = packed(texts);
    expect(packs.length).toBeGreaterThan(1);
    for (const pack of packs) expect(Buffer.byteLength(pack)).toBeLessThan(8000);
    expect(packs.flatMap((pack) => JSON.parse(pack))).toEqual(texts.map((text) => JSON.parse(text)));
  });
});
