// PostgreSQL's side of a whole-server backup: pg_dump's custom format out, pg_restore in, and the
// check that a restore goes only into an empty database (issue 48 item 5).
import { spawn } from 'node:child_process';
import pg from 'pg';
import { FileRefusal } from './sqlite-files.js';

/** Runs a PostgreSQL client program; its own message (never the URL's password) on failure. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new FileRefusal(
          `${program} could not be run (${error.message}): install PostgreSQL's client programs.`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new FileRefusal(`${program} failed: ${err.trim() || `exit code ${code}`}`)),
    );
  });
}

/** pg_dump --format=custom: one consistent snapshot, however busy the server is. */
export const dumpPostgres = (url: string, file: string) =>
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);

export const restorePostgres = (url: string, file: string) =>
  run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);

/** The tables in the database's current schema: a restore goes only where there are none. */
export async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = current_schema()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Runs `work` with a new empty database beside the one `url` names, dropped afterwards. */
export async function withScratchDatabase<T>(
  url: string,
  work: (scratchUrl: string) => Promise<T>,
): Promise<T> {
  const name = `kete_verify_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    try {
      return await work(scratch.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
