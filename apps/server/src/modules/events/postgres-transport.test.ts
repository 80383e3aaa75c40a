// The PostgreSQL transport of live events: every event sent reaches the other processes, in order,
// also when hundreds are sent at once (they go in batches, one NOTIFY query per batch). Runs against
// TEST_DATABASE_URL in both projects, as the other PostgreSQL-only tests do.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { markRan } from '../../test/markers.js';
import type { BusMessage, EventMessage } from './event-bus.js';
import { postgresTransport } from './postgres-transport.js';

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
  return { received, sender };
}

describe('live events over PostgreSQL', () => {
  it('delivers every one of a burst of events, in the order they were sent', async () => {
    const { received, sender } = await pair();
    const sent = Array.from({ length: 300 }, (_, i) => message(i + 1));
    await Promise.all(sent.map((m) => sender.send(m)));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(300);
    expect(received.map((m) => m.event.at)).toEqual(sent.map((m) => m.event.at));
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
