// Long id lists are queried in slices: one statement may bind at most 32,766 values on SQLite and
// 65,535 on PostgreSQL, and a request must never be able to build a statement past either.

/** Ids bound per list in one statement; two such lists still leave plenty of room. */
export const MAX_IDS_PER_STATEMENT = 4000;

export function chunks<T>(items: readonly T[], size = MAX_IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
