import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the built web app', () => {
  it('is served by the API server, with deep links falling back to the app', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/w/cart');
    await expect(page.getByRole('heading', { name: 'Kete' }).textContent()).resolves.toBe('Kete');
    await context.close();
  });
});
