// One event bus per server process: routes publish a workspace's changes after they are committed,
// the SSE route subscribes. Delivery to other processes goes through a pluggable transport:
// in-process only (one SQLite process), the cluster primary over IPC (SQLite, KETE_WORKERS), or
// PostgreSQL LISTEN/NOTIFY (any number of processes, on any machines).
import { randomUUID } from 'node:crypto';
import type { WorkspaceEvent } from '@kete/shared';

/** What travels between processes: the event, its workspace, and the process it came from. */
export interface EventMessage {
  workspaceId: number;
  event: WorkspaceEvent;
  /** The publishing bus; it has already delivered locally, so it ignores its own echo. */
  origin: string;
}

/** Tables a process changed, for the other machines' kept answers (db/table-cache.ts). */
export interface TablesMessage {
  tables: string[];
  origin: string;
}

export type BusMessage = EventMessage | TablesMessage;

const isTables = (message: BusMessage): message is TablesMessage =>
  Array.isArray((message as TablesMessage).tables);

export interface EventTransport {
  readonly name: 'in-process' | 'cluster' | 'postgres';
  /** Starts receiving other processes' messages. */
  start(receive: (message: BusMessage) => void): Promise<void>;
  send(message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export type Listener = (event: WorkspaceEvent) => void;

export const inProcessTransport = (): EventTransport => ({
  name: 'in-process',
  start: async () => {},
  send: async () => {},
  close: async () => {},
});

export class WorkspaceEventBus {
  readonly origin = randomUUID();
  private readonly listeners = new Map<number, Set<Listener>>();

  constructor(
    readonly transport: EventTransport,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** `onTables`: what to do when another process says it changed tables. */
  start(onTables: (tables: string[]) => void = () => {}): Promise<void> {
    return this.transport.start((message) => {
      if (message.origin === this.origin) return;
      if (isTables(message)) onTables(message.tables.filter((table) => typeof table === 'string'));
      else this.deliver(message.workspaceId, message.event);
    });
  }

  /** Tells the other processes this one changed these tables; resolves once it is sent. */
  announceTables(tables: string[]): Promise<void> {
    return this.transport.send({ tables, origin: this.origin });
  }

  /** Delivers here at once and hands the event to the other processes; never throws. */
  publish(workspaceId: number, event: WorkspaceEvent): void {
    this.deliver(workspaceId, event);
    this.transport.send({ workspaceId, event, origin: this.origin }).catch(this.onError);
  }

  subscribe(workspaceId: number, listener: Listener): () => void {
    let set = this.listeners.get(workspaceId);
    if (!set) {
      set = new Set();
      this.listeners.set(workspaceId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(workspaceId) === set) this.listeners.delete(workspaceId);
    };
  }

  /** Open subscriptions, for tests and health output. */
  subscriberCount(workspaceId?: number): number {
    if (workspaceId !== undefined) return this.listeners.get(workspaceId)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return this.transport.close();
  }

  private deliver(workspaceId: number, event: WorkspaceEvent): void {
    for (const listener of [...(this.listeners.get(workspaceId) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
