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
  /** Set when the sender waits until every process has heard it (publishAndWait). */
  ack?: number;
}

/** A worker heard message `ack` (to the primary), or every worker did (to the sender). */
interface Receipt {
  kete: 'bus-heard' | 'bus-all-heard';
  ack: number;
}

/**
 * How long a sender waits for the others to say they heard: a worker that is stuck must not hold a
 * request forever. As long as a table cache trusts what it kept (db/table-cache.ts KEPT_MS): by
 * then whatever a stuck process kept from before the change has lapsed anyway, so the next request
 * is right whichever process it reaches. (It was 1 s: under a loaded machine's CI, a worker that
 * had not heard within it still served a start-up without the trip just started.)
 */
const HEARD_WITHIN_MS = 5_000;

type Handler = (message: BusMessage) => void;

const handlers = new Set<Handler>();
let listening = false;

function isReceipt(value: unknown): value is Receipt {
  const kete = (value as Receipt | null)?.kete;
  return (kete === 'bus-heard' || kete === 'bus-all-heard') && typeof (value as Receipt).ack === 'number';
}

let lastAck = 0;
/** The primary: which workers have yet to say they heard each relayed message. */
const heardBy = new Map<number, Set<number>>();
/** Messages this process sent and waits to hear were heard: ack -> done. */
const awaitingReceipt = new Map<number, () => void>();

function waitForReceipt(ack: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      awaitingReceipt.delete(ack);
      resolve();
    };
    const timer = setTimeout(done, HEARD_WITHIN_MS);
    awaitingReceipt.set(ack, done);
  });
}

/**
 * The primary: relays a message every other worker must hear, and tells `done` once each has said
 * so (or the wait is over).
 */
function relayAndCollect(envelope: Envelope, except: number | undefined, done: () => void): void {
  const ack = ++lastAck;
  const waiting = new Set<number>();
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (!worker || worker.id === except || !worker.isConnected()) continue;
    waiting.add(worker.id);
    worker.send({ ...envelope, ack });
  }
  if (waiting.size === 0) {
    done();
    return;
  }
  const finish = () => {
    clearTimeout(timer);
    awaitingReceipt.delete(ack);
    heardBy.delete(ack);
    done();
  };
  const timer = setTimeout(finish, HEARD_WITHIN_MS);
  awaitingReceipt.set(ack, finish);
  heardBy.set(ack, waiting);
}

/** The primary: `workerId` no longer needs to hear message `ack`; the sender is told once none do. */
function heardFrom(ack: number, workerId: number): void {
  const waiting = heardBy.get(ack);
  if (waiting?.delete(workerId) && waiting.size === 0) awaitingReceipt.get(ack)?.();
}

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
      if (isReceipt(value)) return awaitingReceipt.get(value.ack)?.();
      if (!isEnvelope(value)) return;
      deliverLocally(value);
      // Heard: handlers run synchronously, so whatever they change has changed by now.
      if (value.ack !== undefined) process.send?.({ kete: 'bus-heard', ack: value.ack } satisfies Receipt);
    });
  } else {
    // A worker that exits will never say it heard: nobody waits for it.
    cluster.on('exit', (worker) => {
      for (const ack of heardBy.keys()) heardFrom(ack, worker.id);
    });
    // The primary hears every worker and passes each message on to the others.
    cluster.on('message', (worker, value: unknown) => {
      if (isReceipt(value)) return heardFrom(value.ack, worker.id);
      if (!isEnvelope(value)) return;
      deliverLocally(value);
      const { ack } = value;
      if (ack === undefined) return sendToWorkers(value, worker.id);
      relayAndCollect({ ...value, ack: undefined }, worker.id, () => {
        if (worker.isConnected()) worker.send({ kete: 'bus-all-heard', ack } satisfies Receipt);
      });
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

/**
 * As publishToAllProcesses, and resolves once every process of this server has heard it (or after
 * HEARD_WITHIN_MS): for a change the very next request must see, whichever process it reaches.
 */
export async function publishAndWait(topic: string, payload: unknown = null): Promise<void> {
  listen();
  const envelope: Envelope = { kete: 'bus', topic, payload };
  deliverLocally(envelope);
  if (cluster.isWorker) {
    if (!process.send) return;
    const ack = ++lastAck;
    const heard = waitForReceipt(ack);
    process.send({ ...envelope, ack });
    return heard;
  }
  await new Promise<void>((resolve) => relayAndCollect(envelope, undefined, resolve));
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
