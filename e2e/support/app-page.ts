// One browser context per test, at the phone size, with a new page; closed by the test's end.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { phoneContext } from './browser.js';
import type { RunningServer } from './server.js';

export interface AppPage {
  context: BrowserContext;
  page: Page;
}

export async function openApp(browser: Browser, server: RunningServer): Promise<AppPage> {
  const context = await phoneContext(browser, server.url);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}
