// SQLite with several worker processes (KETE_WORKERS, node:cluster): a worker sends each event to
// the cluster primary over IPC, and the primary passes it on to every other worker.
//
// Message format: the envelope of the server's process bus (lib/process-bus.ts), so the primary's
// existing relay passes these on with no extra wiring:
//   { kete: 'bus', topic: 'kete:workspace-event', payload: { workspaceId, event, origin } }
// relayWorkspaceEvents(cluster) below does the same relay on its own, for a primary without it.
import type { Cluster, Worker } from 'node:cluster';
import type { BusMessage, EventTransport } from './event-bus.js';

export const WORKSPACE_EVENT_MESSAGE = 'kete:workspace-event';

interface WireMessage {
  kete: 'bus';
  topic: typeof WORKSPACE_EVENT_MESSAGE;
  payload: BusMessage;
}

export const isWorkspaceEventMessage = (message: unknown): message is WireMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as Partial<WireMessage>).kete === 'bus' &&
  (message as Partial<WireMessage>).topic === WORKSPACE_EVENT_MESSAGE;

/** The IPC end a worker talks through (process itself, in a cluster worker). */
export interface IpcChannel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function clusterTransport(channel: IpcChannel = process): EventTransport {
  let listener: ((message: unknown) => void) | null = null;
  return {
    name: 'cluster',
    async start(receive) {
      listener = (message) => {
        if (isWorkspaceEventMessage(message)) receive(message.payload);
      };
      channel.on('message', listener);
    },
    async send(message) {
      channel.send?.({ kete: 'bus', topic: WORKSPACE_EVENT_MESSAGE, payload: message } satisfies WireMessage);
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
