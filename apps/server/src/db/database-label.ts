// Which database a process opened, said the same way everywhere (start-up, every `kete` command,
// the waiting lines): the SQLite file's full path, or PostgreSQL's host, port, user and database.
// Never the password.
import type { Config } from '../config.js';
import { databaseFile } from '../data-folder.js';

/** DATABASE_URL with its password replaced by ***. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

/** 'PostgreSQL kete@db.internal:5432/kete' or 'SQLite /srv/kete/data/kete.sqlite'. */
export function databaseLabel(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `SQLite ${databaseFile(config)}`;
  try {
    const url = new URL(config.databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    const port = url.port || '5432';
    return `PostgreSQL ${user}${url.hostname || 'localhost'}:${port}${url.pathname || '/'}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL cannot be read)';
  }
}
