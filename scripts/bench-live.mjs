// npm run bench:live (after a build): how long a change on one phone takes to show on another.
// Two Chromium contexts, each signed in as a member of one household, against the real built
// server (SQLite, two server processes, so events cross through the cluster primary). The owner's
// page adds (then removes) a product with the API; the friend's open shopping list notes, on the
// same machine clock, when the row appears (disappears). Prints median, p95 and max.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { json, signIn, startServer } from './bench-support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WORKERS = process.env.KETE_WORKERS ?? '2';

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
  const server = await startServer(dataDir, { KETE_WORKERS: WORKERS });
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
    // A grant is an invitation the friend accepts (decision 0017).
    await json(url, `/api/${code}/access/me`, { token: friend.access_token });
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
