// PostgreSQL: one dedicated connection per process LISTENs on the schema's channel; publishing is a
// NOTIFY through that same connection. PostgreSQL delivers a committed NOTIFY to every listener, on
// any machine. The connection reconnects after a failure; the clients' own reconnect logic refreshes
// whatever they missed meanwhile.
import pg from 'pg';
import type { BusMessage, EventTransport } from './event-bus.js';

/** NOTIFY payloads must stay under 8000 bytes; events are a few hundred. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;
/**
 * Under a stream of changes, a process sends its events at most this often (a lone change goes at
 * once). Each NOTIFY is a transaction that wakes every listening process's backend: sent back to
 * back, one every round trip, there was one for every ~5 writes in the bench's write mix.
 */
const NOTIFY_EVERY_MS = 10;

interface Waiting {
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The messages (JSON texts) as JSON arrays, in order, each under MAX_PAYLOAD bytes. */
export function packed(payloads: string[]): string[] {
  const packs: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const payload of payloads) {
    const size = Buffer.byteLength(payload) + 1;
    if (current.length > 0 && bytes + size > MAX_PAYLOAD) {
      packs.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(payload);
    bytes += size;
  }
  if (current.length > 0) packs.push(`[${current.join(',')}]`);
  return packs;
}

export const channelFor = (schema: string) =>
  `kete_events_${schema.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();

export function postgresTransport(
  connectionString: string,
  schema: string,
  onError: (error: unknown) => void = () => {},
): EventTransport {
  const channel = channelFor(schema);
  let client: pg.Client | null = null;
  let closed = false;
  let receive: (message: BusMessage) => void = () => {};
  let waiting: Waiting[] = [];
  let flushing = false;
  let lastSent = 0;
  let retryPending = false;

  /** Tries again every RECONNECT_MS until PostgreSQL is back (a restart may take many seconds). */
  function reconnectLater(): void {
    if (closed || retryPending) return;
    retryPending = true;
    setTimeout(() => {
      retryPending = false;
      if (closed || client) return;
      connect().catch((error) => {
        onError(error);
        reconnectLater();
      });
    }, RECONNECT_MS).unref();
  }

  /**
   * One query at a time on this connection (pg 9 refuses overlapping queries on a client), so the
   * events that arrive while one is sent, or within NOTIFY_EVERY_MS of the last, go together in the
   * next, packed into as few notifications as fit (packed): at hundreds of changes a second, one
   * round trip each fell behind, and one notification each cost every listener a wake-up.
   */
  async function flush(): Promise<void> {
    flushing = true;
    while (waiting.length > 0) {
      const wait = lastSent + NOTIFY_EVERY_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastSent = Date.now();
      const batch = waiting;
      waiting = [];
      try {
        const current = client;
        if (!current) throw new Error('live events: PostgreSQL listener is reconnecting');
        await current.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
          channel,
          packed(batch.map((one) => one.payload)),
        ]);
        for (const one of batch) one.resolve();
      } catch (error) {
        for (const one of batch) one.reject(error);
      }
    }
    flushing = false;
  }

  async function connect(): Promise<void> {
    // A NOTIFY is a transaction: it need not wait for the WAL's flush, as no change rides on it
    // (a lost event is refreshed by the clients' own reconnect, as after any outage).
    const next = new pg.Client({ connectionString, options: '-c synchronous_commit=off' });
    next.on('notification', (note) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        const parsed = JSON.parse(note.payload) as BusMessage | BusMessage[];
        // An array is a packed batch; a lone message is what a process before packing sent.
        for (const message of Array.isArray(parsed) ? parsed : [parsed]) receive(message);
      } catch (error) {
        onError(error);
      }
    });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = null;
      void next.end().catch(() => {});
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      void next.end().catch(() => {});
      throw error;
    }
    client = next;
  }

  return {
    name: 'postgres',
    async start(onMessage) {
      receive = onMessage;
      await connect();
    },
    async send(message) {
      const payload = JSON.stringify(message);
      // In bytes, as PostgreSQL counts them (a name with macrons takes more than its length).
      const bytes = Buffer.byteLength(payload);
      if (bytes > MAX_PAYLOAD - 2) throw new Error(`live event too large (${bytes} bytes)`);
      if (!client) throw new Error('live events: PostgreSQL listener is reconnecting');
      return new Promise<void>((resolve, reject) => {
        waiting.push({ payload, resolve, reject });
        if (!flushing) void flush();
      });
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
