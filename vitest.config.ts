// One runner for everything. Projects: shared and web units, the server suite on SQLite, the
// same suite again on PostgreSQL (when TEST_DATABASE_URL is set), and browser tests (when
// Chromium is present). scripts/test.mjs says plainly which ran and CI insists on all of them.
import { existsSync } from 'node:fs';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const source = { conditions: ['@kete/source', ...defaultClientConditions] };
const ssrSource = { conditions: ['@kete/source', ...defaultServerConditions] };
const resolve = { resolve: source, ssr: { resolve: ssrSource } };

const serverProject = (name: string, db: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  ...resolve,
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env: { KETE_TEST_DB: db },
    // Each worker runs its files one after another in one process, importing the app once: 327 s
    // against 196 s for the SQLite run alone, where each file in a fresh process spent most of
    // its time importing (decision 0032, sixth session). Every test builds its own app on its own
    // database, so what the files share is per-process caches keyed by database.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export const browserPath = process.env.KETE_CHROMIUM ?? '/usr/bin/chromium';

const projects: TestProjectInlineConfiguration[] = [
  { ...resolve, test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
  {
    ...resolve,
    test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
  },
  serverProject('server-sqlite', 'sqlite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('server-postgres', 'postgres'));
if (existsSync(browserPath)) {
  projects.push({
    ...resolve,
    test: {
      name: 'browser',
      include: ['e2e/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // A poll waits on a real server and a real browser. Vitest's default 1 s was too short under
      // the full suite's load (a screen asking the server again took longer, and CI failed on it);
      // a poll that succeeds returns at once, so a longer bound costs only the failures.
      expect: { poll: { timeout: 10_000 } },
    },
  });
}

// Two files at a time, browser files among them (they no longer wait for one another): a browser
// file (its own server and Chromium) leaves the processors idle over half the time, so it runs
// beside another file. Three at a time was faster (npm test 13 min instead of 25) but put three
// Chromiums on 2 cores, and an offline test timed out once under that load (decision 0016).
// KETE_TEST_WORKERS overrides it.
const maxWorkers = Number(process.env.KETE_TEST_WORKERS) || 2;

export default defineConfig({ test: { projects, passWithNoTests: true, maxWorkers } });
