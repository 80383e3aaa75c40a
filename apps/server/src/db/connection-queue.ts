// The writing connection's queue (sqlite-group-commit.ts): callers take it in turn, and a group
// stays open while more are waiting, so the queue says how many are.
/** A FIFO lock over the one connection that knows how many callers are queued behind it. */
export class ConnectionQueue {
  private held = false;
  private readonly queued: Array<() => void> = [];

  get waiting(): number {
    return this.queued.length;
  }

  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.queued.push(resolve));
  }

  unlock(): void {
    const next = this.queued.shift();
    if (next) next();
    else this.held = false;
  }
}
