// A message to every server process of this machine: the worker processes of KETE_WORKERS and
// their primary (which runs the background work: demo seeding, scheduled refreshes). A worker
// sends to the primary over node's IPC channel and the primary relays it to the other workers;
// in a single process it is delivered locally. Across machines (PostgreSQL scale-out) this does
// not reach: features that need that use PostgreSQL's LISTEN/NOTIFY as well.
import cluster from 'node:cluster';

export interface BusMessage {
  topic: string;
  payload: unknown;
}

/** The envelope on the IPC channel, so our messages are told apart from anyone else's. */
interface Envelope extends BusMessage {
  kete: 'bus';
}

type Handler = (message: BusMessage) => void;

const handlers = new Set<Handler>();
let listening = false;

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Envelope).kete === 'bus' &&
    typeof (value as Envelope).topic === 'string'
  );
}

function deliverLocally(message: BusMessage): void {
  for (const handler of handlers) {
    try {
      handler({ topic: message.topic, payload: message.payload });
    } catch (error) {
      // One subscriber failing must not stop the others hearing the message.
      console.error(`process bus: a handler of "${message.topic}" failed`, error);
    }
  }
}

function sendToWorkers(envelope: Envelope, except?: number): void {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (!worker || worker.id === except || !worker.isConnected()) continue;
    worker.send(envelope);
  }
}

/** Starts hearing messages from the other processes (idempotent). */
function listen(): void {
  if (listening) return;
  listening = true;
  if (cluster.isWorker) {
    process.on('message', (value: unknown) => {
      if (isEnvelope(value)) deliverLocally(value);
    });
  } else {
    // The primary hears every worker and passes each message on to the others.
    cluster.on('message', (worker, value: unknown) => {
      if (!isEnvelope(value)) return;
      deliverLocally(value);
      sendToWorkers(value, worker.id);
    });
  }
}

/** Every process of this server (this one included) hears `topic` with `payload`. */
export function publishToAllProcesses(topic: string, payload: unknown = null): void {
  listen();
  const envelope: Envelope = { kete: 'bus', topic, payload };
  deliverLocally(envelope);
  if (cluster.isWorker) process.send?.(envelope);
  else sendToWorkers(envelope);
}

/** Calls `handler` for every message published by any process; returns the unsubscribe. */
export function onProcessMessage(handler: Handler): () => void {
  listen();
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** The primary relays even before anything in it subscribes: call once when forking workers. */
export function relayBetweenWorkers(): void {
  listen();
}
