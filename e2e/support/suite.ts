// The usual set-up of a browser test file: one real server and one Chromium for the file, a
// fresh phone-sized context per test.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type AppPage, openApp } from './app-page.js';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly app: AppPage;
}

/** The shell and sign-in need no catalogue, so by default the demo one is not loaded (faster). */
export function useAppSuite(env: Record<string, string> = {}): Suite {
  const state: { server?: RunningServer; browser?: Browser; app?: AppPage } = {};
  beforeAll(async () => {
    state.server = await startServer({ KETE_DEMO_DATA: '0', ...env });
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  beforeEach(async () => {
    if (state.browser && state.server) state.app = await openApp(state.browser, state.server);
  });
  afterEach(async () => {
    await state.app?.context.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready`);
    return value;
  };
  return {
    get server() {
      return need(state.server, 'the server');
    },
    get browser() {
      return need(state.browser, 'the browser');
    },
    get app() {
      return need(state.app, 'the page');
    },
  };
}
