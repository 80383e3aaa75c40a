// A PostgreSQL database of its own for one bench run: created on the server at `admin` (a URL any
// database of it), handed to `run`, and dropped afterwards whatever happened.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function withScratchDatabase<T>(
  admin: string,
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  try {
    return await run(admin.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    const drop = new pg.Client({ connectionString: admin });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  }
}
