// The SQLite multi-process path for real: a node:cluster primary relaying between two workers.
// It runs the built code (npm test builds first), like the server process tests.
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clusterTransport } from './cluster-transport.js';
import type { BusMessage } from './event-bus.js';

const fixture = fileURLToPath(new URL('./test/cluster-relay.fixture.mjs', import.meta.url));
const dist = fileURLToPath(new URL('../../../dist', import.meta.url));

describe('live events across cluster workers', () => {
  it('reach another worker through the primary', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [fixture, dist], { timeout: 15_000 });
    const line = stdout.split('\n').find((l) => l.startsWith('received '));
    expect(JSON.parse(line?.slice('received '.length) ?? 'null')).toMatchObject({
      topic: 'cart',
      byName: 'Sam',
      productName: 'Milk',
    });
  });
});

/** Two ends of an IPC pipe: what one sends, the other hears (as node serialises it, by JSON). */
function pipePair() {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const sent: unknown[] = [];
  const end = (self: EventEmitter, other: EventEmitter) =>
    Object.assign(self, {
      send(message: unknown) {
        sent.push(message);
        setImmediate(() => other.emit('message', JSON.parse(JSON.stringify(message))));
        return true;
      },
    });
  return { a: end(a, b), b: end(b, a), sent };
}

const cartEvent = (workspaceId: number, productId: number): BusMessage => ({
  workspaceId,
  origin: 'worker-1',
  event: { topic: 'cart', action: 'added', byUserId: 1, byName: 'Sam', at: 1, productId },
});

describe('events sent in one turn', () => {
  it('travel as one message and arrive each, in the order they were sent', async () => {
    const pipe = pipePair();
    const from = clusterTransport(pipe.a);
    const to = clusterTransport(pipe.b);
    const heard: BusMessage[] = [];
    await to.start((message) => heard.push(message));
    const burst = [cartEvent(1, 10), cartEvent(2, 20), cartEvent(1, 30)];
    const sending = burst.map((message) => from.send(message));
    expect(pipe.sent).toHaveLength(0); // not before the turn ends
    await Promise.all(sending);
    expect(pipe.sent).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(burst);

    await from.send(cartEvent(3, 40));
    expect(pipe.sent).toHaveLength(2); // a later turn: its own message
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.at(-1)).toEqual(cartEvent(3, 40));
    await Promise.all([from.close(), to.close()]);
  });

  it('tells every sender of the turn when the channel is closed, without throwing out of the turn', async () => {
    const closed = Object.assign(new EventEmitter(), {
      send(): boolean {
        throw new Error('Channel closed');
      },
    });
    const from = clusterTransport(closed);
    const sending = [from.send(cartEvent(1, 10)), from.send(cartEvent(1, 20))];
    for (const one of sending) await expect(one).rejects.toThrow('Channel closed');
  });
});
