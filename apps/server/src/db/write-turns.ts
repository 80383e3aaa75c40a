// Turns at SQLite's one write lock for the server processes of one machine (KETE_WORKERS).
//
// A process waiting for the lock can only retry on a timer, while the holder, its next caller
// already queued, begins its next group within microseconds of committing the last: measured under
// the bench's write mix, one process waited up to 127 ms while the other committed group after
// group (decision 0011). So the processes take turns, over the process bus:
//
// - a process refused the lock says it wants it (WANT) and waits for RELEASED (or its timer);
// - a holder that commits while another wants the lock says RELEASED and, before its own next
//   group, gives the other up to TURN_GRACE_MS to take it (it says TAKEN once it has).
//
// A process not on the bus (the operators' CLI) still gets the lock by retrying on its timer.
import { randomUUID } from 'node:crypto';
import { onProcessMessage, publishToAllProcesses } from '../lib/process-bus.js';

const WANT = 'sqlite-write:want';
const RELEASED = 'sqlite-write:released';
const TAKEN = 'sqlite-write:taken';

/** Longest a holder waits for a waiting process to take the lock it released. */
export const TURN_GRACE_MS = 2;
/** A WANT older than this is forgotten (its process may have ended); a waiter says it again on every retry. */
const WANT_FRESH_MS = 50;

interface TurnMessage {
  file: string;
  from: string;
}

const isTurnMessage = (value: unknown): value is TurnMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TurnMessage).file === 'string' &&
  typeof (value as TurnMessage).from === 'string';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class WriteTurns {
  /** Each connection is its own participant, so two in one process (tests) take turns too. */
  private readonly id = randomUUID();
  /** Other participants waiting for the lock, and when they last said so. */
  private readonly wanting = new Map<string, number>();
  private announced = false;
  private wakeWaiter: (() => void) | undefined;
  private wakeHolder: (() => void) | undefined;
  private grace: Promise<void> | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly file: string) {
    this.unsubscribe = onProcessMessage(({ topic, payload }) => {
      if (!isTurnMessage(payload) || payload.file !== this.file || payload.from === this.id) return;
      if (topic === WANT) this.wanting.set(payload.from, performance.now());
      else if (topic === TAKEN) {
        this.wanting.delete(payload.from);
        this.wakeHolder?.();
      } else if (topic === RELEASED) this.wakeWaiter?.();
    });
  }

  /** Before trying for the lock: lets a process that was waiting take its turn first. */
  async beforeTrying(): Promise<void> {
    const grace = this.grace;
    this.grace = undefined;
    if (grace) await grace;
  }

  /** The lock was refused: says so and waits for its release, or `fallbackMs` at most. */
  async refused(fallbackMs: number): Promise<void> {
    this.announced = true;
    this.publish(WANT);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, fallbackMs);
      this.wakeWaiter = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
    this.wakeWaiter = undefined;
  }

  /** The lock is ours: the others stop waiting for us to take it. */
  took(): void {
    if (!this.announced) return;
    this.announced = false;
    this.publish(TAKEN);
  }

  /** Our group committed: if another process waits for the lock, it goes first. */
  committed(): void {
    if (!this.othersWant()) return;
    this.publish(RELEASED);
    this.grace = Promise.race([
      new Promise<void>((resolve) => {
        this.wakeHolder = resolve;
      }),
      sleep(TURN_GRACE_MS),
    ]).then(() => {
      this.wakeHolder = undefined;
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private othersWant(): boolean {
    const now = performance.now();
    for (const [from, at] of this.wanting) {
      if (now - at <= WANT_FRESH_MS) return true;
      this.wanting.delete(from);
    }
    return false;
  }

  private publish(topic: string): void {
    publishToAllProcesses(topic, { file: this.file, from: this.id } satisfies TurnMessage);
  }
}
