// Telling a unique-constraint clash apart from other failures, on both databases.

/** SQLite reports SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; PostgreSQL reports SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
