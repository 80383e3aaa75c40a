// Refresh tokens were stored as a bare SHA-256 of the token, which kept working under a new
// KETE_SECRET; they are now an HMAC keyed by the secret (identity.service.ts). A bare hash cannot
// be turned into the keyed one (the token itself is never stored), so the old rows are removed:
// each device signs in once more after this upgrade (decision 0015).
import { type Kysely, type Migration, sql } from 'kysely';

export const refreshTokensKeyedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from refresh_tokens`.execute(db);
  },
};
