// PostgreSQL: one dedicated connection per process LISTENs on the schema's channel; publishing is a
// NOTIFY through that same connection. PostgreSQL delivers a committed NOTIFY to every listener, on
// any machine. The connection reconnects after a failure; the clients' own reconnect logic refreshes
// whatever they missed meanwhile.
import pg from 'pg';
import type { BusMessage, EventTransport } from './event-bus.js';

/** NOTIFY payloads must stay under 8000 bytes; events are a few hundred. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

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
  let sending: Promise<void> = Promise.resolve();
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

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
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
      const current = client;
      if (!current) throw new Error('live events: PostgreSQL listener is reconnecting');
      // One query at a time on this connection (pg 9 refuses overlapping queries on a client).
      const sent = sending.then(() => current.query('SELECT pg_notify($1, $2)', [channel, payload]));
      sending = sent.then(
        () => undefined,
        () => undefined,
      );
      await sent;
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
