// npm run bench:live (after a build): how long a change on one phone takes to show on another.
// Two Chromium contexts, each signed in as a member of one household, against the real built
// server (SQLite, two server processes, so events cross through the cluster primary). The owner's
// page adds (then removes) a product with the API; the friend's open shopping list notes, on the
// same machine clock, when the row appears (disappears). Prints median, p95 and max.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WORKERS = process.env.KETE_WORKERS ?? '2';

function startServer(dataDir) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      KETE_DATA_DIR: dataDir,
      KETE_DEMO_DATA: '1',
      KETE_WORKERS: WORKERS,
      SMTP_URL: '', // sign-in codes go to <data dir>/outbox as .eml files
      DATABASE_URL: '',
      KETE_SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
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

async function json(url, path, { method = 'POST', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url + path, { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

async function signIn(url, dataDir, email) {
  const outbox = () => (existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')) : []);
  const before = new Set(outbox());
  await json(url, '/api/identity/email', { body: { email } });
  const fresh = outbox()
    .filter((f) => !before.has(f))
    .sort()
    .at(-1);
  const mail = readFileSync(join(dataDir, 'outbox', fresh), 'utf8').replace(/=\r?\n/g, '');
  const code = /code is ([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(mail)?.[1];
  if (!code) throw new Error('no sign-in code in the outbox');
  return json(url, '/api/identity/passcode', { body: { email, passcode: code.replace('-', '') } });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const summary = (name, values) => {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `  ${name}: median ${percentile(sorted, 0.5)} ms, p95 ${percentile(sorted, 0.95)} ms, max ${sorted.at(-1)} ms (${sorted.length} changes)`,
  );
};

async function openPhone(browser, url, session, path) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 } });
  await context.addInitScript((auth) => localStorage.setItem('auth', auth), JSON.stringify(session));
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

// Runs in the friend's page: resolves with Date.now() when the row for `id` appears or leaves.
const watchRow = (page, id, present) =>
  page.evaluate(
    ({ id, present }) =>
      new Promise((resolve) => {
        const check = () => (document.querySelector(`[data-cart-row="${id}"]`) !== null) === present;
        if (check()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (check()) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    { id, present },
  );

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-bench-live-'));
  const server = await startServer(dataDir);
  console.log(`server at ${server.url}`);
  const browser = await chromium.launch({
    executablePath: process.env.KETE_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const url = server.url;
    const owner = await signIn(url, dataDir, 'bench.owner@example.co.nz');
    const init = await json(url, '/api/init/start', { token: owner.access_token });
    const code = init.workspace.shortCode;
    for (const type of [1, 2, 3]) {
      const store = init.stores.all.find((s) => s.type === type);
      await json(url, `/api/${code}/stores/${store.id}`, { token: owner.access_token });
    }
    await json(url, `/api/${code}/access`, {
      token: owner.access_token,
      body: { email: 'bench.friend@example.co.nz' },
    });
    const friend = await signIn(url, dataDir, 'bench.friend@example.co.nz');
    const products = await json(url, `/api/${code}/products/search`, {
      token: owner.access_token,
      body: { text: 'milk' },
    });

    const ownerPage = await openPhone(browser, url, owner, '/w/home');
    const friendPage = await openPhone(browser, url, friend, `/a/switch/${code}`);
    await friendPage.waitForURL('**/w/home');
    await friendPage.evaluate(() => {
      window.history.pushState({}, '', '/w/cart');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await friendPage.getByRole('heading', { name: 'Shopping list' }).waitFor();
    await friendPage.waitForTimeout(1000); // the stream connects
    console.log('phones ready');

    const adds = [];
    const removals = [];
    for (let round = 0; round < ROUNDS; round++) {
      const product = products[round % products.length];
      for (const present of [true, false]) {
        const seen = watchRow(friendPage, product.id, present);
        seen.catch(() => {});
        const sentAt = await ownerPage.evaluate(
          async ({ code, product, present }) => {
            const auth = JSON.parse(localStorage.getItem('auth'));
            const started = Date.now();
            const response = await fetch(present ? `/api/${code}/cart` : `/api/${code}/cart/${product.id}`, {
              method: present ? 'POST' : 'DELETE',
              headers: {
                Authorization: `Bearer ${auth.access_token}`,
                ...(present ? { 'Content-Type': 'application/json' } : {}),
              },
              body: present
                ? JSON.stringify({ productId: product.id, quantity: product.minimumQuantity })
                : undefined,
            });
            if (!response.ok)
              throw new Error(`the change was refused: ${response.status} ${await response.text()}`);
            return started;
          },
          { code, product, present },
        );
        const shownAt = await Promise.race([seen, new Promise((r) => setTimeout(() => r(null), 10_000))]);
        if (shownAt === null) throw new Error(`round ${round}: the change did not show on the other phone`);
        (present ? adds : removals).push(shownAt - sentAt);
      }
    }
    console.log(`\nLive change latency, browser to browser (SQLite, ${WORKERS} server processes):`);
    summary('an add shows on the other phone', adds);
    summary('a removal shows on the other phone', removals);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
