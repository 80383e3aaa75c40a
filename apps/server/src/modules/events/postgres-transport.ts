// PostgreSQL: one dedicated connection per process LISTENs on the schema's channel; publishing is a
// NOTIFY through that same connection. PostgreSQL delivers a committed NOTIFY to every listener, on
// any machine. The connection reconnects after a failure; the clients' own reconnect logic refreshes
// whatever they missed meanwhile.
import pg from 'pg';
import type { BusMessage, EventTransport } from './event-bus.js';

/** NOTIFY payloads must stay under 8000 bytes; events are a few hundred. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

interface Waiting {
  payload: string;
  resolve: () => void;
  reject: (error: unknown) => void;
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
   * events that arrive while one is sent go together in the next: at hundreds of changes a second,
   * one round trip each fell behind.
   */
  async function flush(): Promise<void> {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const current = client;
        if (!current) throw new Error('live events: PostgreSQL listener is reconnecting');
        await current.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
          channel,
          batch.map((one) => one.payload),
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
        receive(JSON.parse(note.payload) as BusMessage);
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
      if (payload.length > MAX_PAYLOAD) throw new Error(`live event too large (${payload.length} bytes)`);
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
