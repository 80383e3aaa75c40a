// The write-ahead log's flush to disk, off the event loop. With synchronous=FULL SQLite fsyncs the
// WAL inside each COMMIT, which blocked the whole process (every request, not only writes) for the
// flush and held the write lock through it. Kete runs SQLite with synchronous=NORMAL (consistent
// after a power cut, but the last commits may be lost) and makes every commit durable itself:
// nobody hears back about a change, or about anything they read, until this flush has covered it
// (sqlite-group-commit.ts). The flush runs in libuv's thread pool while the process goes on
// serving, and the lock is free for the next group meanwhile.
//
// One flush at a time. Commits made while one runs are covered by the next, so a burst of groups
// shares a flush, as a burst of changes shares a group.
import { closeSync, fdatasync, openSync } from 'node:fs';
import { type Deferred, deferred } from '../lib/deferred.js';

export interface Flusher {
  /** Resolves once everything written to the log before this call is on disk. */
  flush(): Promise<void>;
  /** The flush that will cover every commit made so far, or undefined when all are on disk. */
  pending(): Promise<void> | undefined;
  /** After the connections closed (SQLite may then remove the log). */
  close(): void;
}

export class WalSync implements Flusher {
  private running: Deferred | undefined;
  /** For commits made after the running flush began: it may not cover them. */
  private next: Deferred | undefined;
  /** Flushes done, for tests and the bench. */
  flushes = 0;

  /** The log's descriptor, opened at the first flush (the file exists once a commit wrote to it). */
  private fd: number | undefined;

  /**
   * `database`: the database file; its log is `${database}-wal`. SQLite removes the log only when
   * the last connection to the database closes, so while ours are open it is the same file.
   */
  constructor(private readonly database: string) {}

  flush(): Promise<void> {
    if (!this.running) {
      const current = deferred();
      this.running = current;
      this.run(current);
      return current.promise;
    }
    this.next ??= deferred();
    return this.next.promise;
  }

  pending(): Promise<void> | undefined {
    return (this.next ?? this.running)?.promise;
  }

  /** After the connections closed (SQLite may then remove the log). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private run(current: Deferred): void {
    try {
      this.fd ??= openSync(`${this.database}-wal`, 'r');
    } catch (error) {
      this.settle(current, error);
      return;
    }
    // The callback form: the promise API's file handles cost the event loop several times more.
    fdatasync(this.fd, (error) => this.settle(current, error));
  }

  private settle(current: Deferred, error: unknown): void {
    if (error) current.reject(error);
    else {
      this.flushes++;
      current.resolve();
    }
    this.running = this.next;
    this.next = undefined;
    if (this.running) this.run(this.running);
  }
}
