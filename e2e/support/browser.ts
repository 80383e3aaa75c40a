// Debian's Chromium driven by playwright-core, headless, at the phone size Kete is designed for.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { markRan } from '../../apps/server/src/test/markers.js';

export const PHONE = { width: 390, height: 844 };
const executablePath = process.env.KETE_CHROMIUM ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium stalls on this closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
  markRan('browser');
  return browser;
}

export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
}
