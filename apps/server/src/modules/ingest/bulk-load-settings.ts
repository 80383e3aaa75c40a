// SQLite settings for the length of an ingest, on the writing connection (decision 0011, ninth
// round). Profiled on the NZ feed (lines ordered by product, so each batch writes to every store's
// part of the prices table), the writing thread spent ~10% of its time writing statement journals
// to a temporary file and ~8% in checkpoints:
//
// - A multi-row upsert inside a transaction keeps a statement journal (to undo that statement
//   alone if a key check fails part way); past 64 KB SQLite spills it to a temporary file, opened,
//   written page by page and closed for every statement. `temp_store = memory` keeps it in memory:
//   a few MB at most (the pages one 512-row statement touches).
// - The log was copied back into the database every 1,000 pages (~4 MB), about once per batch,
//   each time with two fsyncs, and the same leaf pages were copied again batch after batch. Every
//   10,000 pages (~40 MB) copies each page once for ~10 batches.
//
// Durability is unchanged: every batch's commit is still flushed before the next is reported
// (wal-sync.ts). Only for the operators' command (ingestFile, ingestStream), a process of its own:
// not inside a server (a chain refresh, the demo seed), where a sort or an index built with
// temp_store in memory could take hundreds of MB, and a 40 MB checkpoint is a pause a request
// should not meet.
import { sql } from 'kysely';
import type { IngestTarget } from './ingest.service.js';

/** SQLite's default, restored afterwards (pages). */
const DEFAULT_AUTOCHECKPOINT = 1000;
const BULK_AUTOCHECKPOINT = 10_000;

export async function withBulkLoadSettings<T>(target: IngestTarget, run: () => Promise<T>): Promise<T> {
  if (target.dialect !== 'sqlite') return run();
  await sql`pragma temp_store = memory`.execute(target.db);
  await sql.raw(`pragma wal_autocheckpoint = ${BULK_AUTOCHECKPOINT}`).execute(target.db);
  try {
    return await run();
  } finally {
    await sql.raw(`pragma wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`).execute(target.db);
    await sql`pragma temp_store = default`.execute(target.db);
  }
}
