// What the browser benchmarks share: the real built server on a fresh data folder with the demo
// catalogue, a JSON call, and a sign-in that reads the code from the server's outbox.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Starts apps/server/dist/server.js; resolves with the child and its URL once it listens. */
export function startServer(dataDir, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      KETE_DATA_DIR: dataDir,
      KETE_DEMO_DATA: '1',
      SMTP_URL: '', // sign-in codes go to <data dir>/outbox as .eml files
      DATABASE_URL: '',
      KETE_SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], { env });
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 120_000);
    const onData = (chunk) => {
      log += chunk;
      const match = /running at http:\/\/localhost:(\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
}

export async function json(url, path, { method = 'POST', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url + path, { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** Signs in through the API with the code in the newest message the server wrote to its outbox. */
export async function signIn(url, dataDir, email) {
  const outbox = () => (existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')) : []);
  const before = new Set(outbox());
  await json(url, '/api/identity/email', { body: { email } });
  const fresh = outbox()
    .filter((f) => !before.has(f))
    .sort()
    .at(-1);
  if (!fresh) throw new Error('no sign-in e-mail in the outbox');
  const mail = readFileSync(join(dataDir, 'outbox', fresh), 'utf8').replace(/=\r?\n/g, '');
  const code = /code is ([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(mail)?.[1];
  if (!code) throw new Error('no sign-in code in the outbox');
  return json(url, '/api/identity/passcode', { body: { email, passcode: code.replace('-', '') } });
}
