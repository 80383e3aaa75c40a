// SQLite with several worker processes (KETE_WORKERS, node:cluster): a worker sends its events to
// the cluster primary over IPC, and the primary passes them on to every other worker.
//
// The events of one turn of the event loop travel together, in one message: a group commit answers
// up to 64 changes at once, and one IPC message each (a JSON text, a pipe write, and the primary's
// parse and copy to every worker) cost the writers ~5% of their time and the primary a sixth of
// a core under the bench's write mix (decision 0011, ninth round).
//
// Message format: the envelope of the server's process bus (lib/process-bus.ts), so the primary's
// existing relay passes these on with no extra wiring:
//   { kete: 'bus', topic: 'kete:workspace-events', payload: [{ workspaceId, event, origin }, ...] }
// relayWorkspaceEvents(cluster) below does the same relay on its own, for a primary without it.
import type { Cluster, Worker } from 'node:cluster';
import { type Deferred, deferred } from '../../lib/deferred.js';
import type { BusMessage, EventTransport } from './event-bus.js';

export const WORKSPACE_EVENTS_MESSAGE = 'kete:workspace-events';

interface WireMessage {
  kete: 'bus';
  topic: typeof WORKSPACE_EVENTS_MESSAGE;
  payload: BusMessage[];
}

export const isWorkspaceEventMessage = (message: unknown): message is WireMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as Partial<WireMessage>).kete === 'bus' &&
  (message as Partial<WireMessage>).topic === WORKSPACE_EVENTS_MESSAGE &&
  Array.isArray((message as Partial<WireMessage>).payload);

/** The IPC end a worker talks through (process itself, in a cluster worker). */
export interface IpcChannel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function clusterTransport(channel: IpcChannel = process): EventTransport {
  let listener: ((message: unknown) => void) | null = null;
  /** This turn's messages, sent together once the turn ends; `sent` resolves then. */
  let waiting: BusMessage[] = [];
  let sent: Deferred | undefined;
  const flush = () => {
    const batch = waiting;
    const done = sent;
    waiting = [];
    sent = undefined;
    try {
      channel.send?.({ kete: 'bus', topic: WORKSPACE_EVENTS_MESSAGE, payload: batch } satisfies WireMessage);
      done?.resolve();
    } catch (error) {
      // A closed channel (the worker exiting): the publishers hear of it, as they did one by one.
      done?.reject(error);
    }
  };
  return {
    name: 'cluster',
    async start(receive) {
      listener = (message) => {
        if (isWorkspaceEventMessage(message)) for (const one of message.payload) receive(one);
      };
      channel.on('message', listener);
    },
    send(message) {
      waiting.push(message);
      if (!sent) {
        sent = deferred();
        setImmediate(flush);
      }
      return sent.promise;
    },
    async close() {
      if (listener) channel.off('message', listener);
      listener = null;
    },
  };
}

/**
 * In the cluster primary: every worker's event goes to every other live worker. Workers forked
 * later are included (the listener is per message, not per worker list). Returns a stop function.
 */
export function relayWorkspaceEvents(cluster: Pick<Cluster, 'on' | 'off' | 'workers'>): () => void {
  const relay = (from: Worker, message: unknown) => {
    if (!isWorkspaceEventMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  };
  cluster.on('message', relay);
  return () => {
    cluster.off('message', relay);
  };
}
