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
    },
  });
}

// Three files at a time on a 2-core machine: a browser test file (its own server and Chromium)
// leaves the processors idle over half the time, waiting on pages, timers and the network, so
// they run beside each other and beside the CPU-bound server tests: `npm test` took 13 min
// instead of 25 with one browser file at a time (decision 0016). KETE_TEST_WORKERS overrides it.
const maxWorkers = Number(process.env.KETE_TEST_WORKERS) || 3;

export default defineConfig({ test: { projects, passWithNoTests: true, maxWorkers } });
