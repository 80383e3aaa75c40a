// Concurrent requests asking a cache for the same missing key share one read. Without it, when a
// kept entry lapses (table-cache.ts: every 5 s) or a change clears it, every request in flight
// misses at once: on PostgreSQL, 50 connections' start-ups made ~50 x 6 round trips through a pool
// of 10 at each lapse (issue 47), each waiting behind the others. A read joins only one begun in
// the same generation (no change heard of since it began), so a request that came after a change
// never gets an answer read before it.
export class SharedReads<V> {
  private readonly pending = new Map<string, { generation: number; read: Promise<V> }>();

  run(key: string, generation: number, read: () => Promise<V>): Promise<V> {
    const going = this.pending.get(key);
    if (going && going.generation === generation) return going.read;
    const started: Promise<V> = read().finally(() => {
      if (this.pending.get(key)?.read === started) this.pending.delete(key);
    });
    this.pending.set(key, { generation, read: started });
    return started;
  }
}
