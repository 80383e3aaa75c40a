// Start-up waits for PostgreSQL (issue 48 item 4): a database that starts after Kete (a host's
// boot order, a container platform) or is still being created is tried again with back-off for
// KETE_DB_WAIT seconds, one line per try, and then Kete stops with one paragraph naming
// DATABASE_URL (password hidden), what went wrong and what to do: no driver stack trace.
import pg from 'pg';
import { type Config, ConfigError } from '../config.js';
import { databaseLabel, hidePassword } from './database-label.js';
import { unavailableReason } from './unavailable.js';

/** Back-off between tries: short at first, never so long that a database that appears waits long. */
export const FIRST_WAIT_MS = 250;
export const LONGEST_WAIT_MS = 2000;

/** What to do about each fault, for the paragraph Kete stops with. */
export function adviceFor(error: unknown, url: URL): { cause: string; advice: string } {
  const code = (error as { code?: string }).code;
  const user = decodeURIComponent(url.username) || 'the user';
  const database = url.pathname.slice(1) || 'the database';
  const where = `-h ${url.hostname || 'localhost'} -p ${url.port || '5432'}`;
  switch (code) {
    case '3D000':
      return {
        cause: `the database "${database}" does not exist`,
        advice: `Create it (createdb ${where} -U ${user} ${database}) or correct the database name in DATABASE_URL.`,
      };
    case '28P01':
      return {
        cause: `PostgreSQL refused the password of "${user}"`,
        advice: "Correct the password in DATABASE_URL (or the role's password: ALTER ROLE … PASSWORD).",
      };
    case '28000':
      return {
        cause: `PostgreSQL refused the role "${user}" (it does not exist or may not connect)`,
        advice: `Create the role (createuser ${where} ${user}), or correct the user in DATABASE_URL and pg_hba.conf.`,
      };
    default: {
      const reason = unavailableReason(error);
      if (reason === 'connection refused')
        return {
          cause: `nothing accepts connections at ${url.hostname}:${url.port || '5432'} (connection refused)`,
          advice: 'Start PostgreSQL, or correct the host and port in DATABASE_URL.',
        };
      return {
        cause: reason ?? (error as Error).message,
        advice: 'Check that PostgreSQL runs and that DATABASE_URL names it, then start Kete again.',
      };
    }
  }
}

/** Tries until the database answers; a ConfigError (printed without a stack) once time is up. */
export async function waitForDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseWaitSeconds'>,
  log: (line: string) => void,
): Promise<void> {
  const connectionString = config.databaseUrl;
  if (!connectionString) return;
  const started = Date.now();
  const deadline = started + config.databaseWaitSeconds * 1000;
  let wait = FIRST_WAIT_MS;
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      if (attempt > 1) log(`${databaseLabel(config)} answered after ${attempt} tries.`);
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const { cause, advice } = adviceFor(error, new URL(connectionString));
      if (unavailableReason(error) === undefined || Date.now() + wait > deadline) {
        const seconds = Math.round((Date.now() - started) / 1000);
        throw new ConfigError(
          `Kete cannot start: it could not open its database, DATABASE_URL=${hidePassword(connectionString)}, ` +
            `after ${attempt} ${attempt === 1 ? 'try' : 'tries'} in ${seconds} s: ${cause}. ${advice} ` +
            'KETE_DB_WAIT sets how many seconds Kete waits for its database at start (default 60).',
        );
      }
      log(
        `Waiting for ${databaseLabel(config)} (try ${attempt}): ${cause}; trying again in ${wait / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}
