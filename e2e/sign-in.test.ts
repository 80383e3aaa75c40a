import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppPage, openApp } from './support/app-page.js';
import { seriousA11yViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import {
  arriveHomeFirstVisit,
  newShopperEmail,
  pasteInto,
  pathOf,
  recordPaths,
  requestCode,
  storedSession,
  typeCode,
} from './support/sign-in.js';

let server: RunningServer;
let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  app = await openApp(browser, server);
});
afterEach(async () => {
  await app.context.close();
});

const boxValues = (app: AppPage) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((n) => app.page.getByLabel(`Character ${n} of 6`).inputValue()));

describe('a shopper signing in', () => {
  it('goes from / to the login page, types the e-mailed code and lands on home after start-up', async () => {
    const { page } = app;
    const paths = recordPaths(page);
    await page.goto('/');
    await page.waitForURL('**/login');
    await expect(
      page.getByRole('heading', { name: 'Sign in or create an account' }).isVisible(),
    ).resolves.toBe(true);
    const email = input(page);
    await expect(email.getAttribute('type')).resolves.toBe('email');
    await expect(email.getAttribute('autocomplete')).resolves.toBe('email');
    await expect(email.getAttribute('placeholder')).resolves.toBe('name@example.co.nz');

    const code = await requestCode(page, server, newShopperEmail());
    await expect(
      page.getByText("Can't find your code? Check your spam or junk email folder!").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText(/6-character code .* expires shortly/).isVisible()).resolves.toBe(true);
    await typeCode(page, code.toLowerCase());
    await arriveHomeFirstVisit(page);
    expect(paths).toContain('/a/start');
    expect(await storedSession(page)).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
  });

  it('can paste the code as the e-mail shows it, and it spreads across the six boxes', async () => {
    const { page } = app;
    await page.goto('/login');
    const code = await requestCode(page, server, newShopperEmail('paster'));
    await pasteInto(page, 'Character 1 of 6', `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase());
    await arriveHomeFirstVisit(page);
  });

  it('sees upper-cased letters, no spaces, and backspace stepping back through the boxes', async () => {
    const { page } = app;
    await page.goto('/login');
    await requestCode(page, server, newShopperEmail('typist'));
    await page.getByLabel('Character 1 of 6').click();
    await page.keyboard.type('a b c');
    expect(await boxValues(app)).toEqual(['A', 'B', 'C', '', '', '']);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await boxValues(app)).toEqual(['A', '', '', '', '', '']);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Character 2 of 6');
  });

  it('is told in a danger banner under the boxes when the code is wrong, and can try again', async () => {
    const { page } = app;
    await page.goto('/login');
    const code = await requestCode(page, server, newShopperEmail('wrong'));
    const wrong = code.startsWith('Z') ? 'YYYYYY' : 'ZZZZZZ';
    await typeCode(page, wrong);
    const banner = page.getByRole('alert');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toMatch(/code/i);
    expect(pathOf(page)).toBe('/login/pass-code');
    expect(await boxValues(app)).toEqual(['', '', '', '', '', '']);
    await page.keyboard.type(code);
    await page.waitForURL('**/w/home');
  });

  it('submits on Enter before six characters, and hears why it failed', async () => {
    const { page } = app;
    await page.goto('/login');
    await requestCode(page, server, newShopperEmail('enter'));
    await typeCode(page, 'ABC');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(pathOf(page)).toBe('/login/pass-code');
  });

  it('sees the server message once, on the e-mail field, for a bad address (no banner repeating it)', async () => {
    const { page } = app;
    await page.goto('/login');
    await input(page).fill('not-an-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    const message = 'Enter a valid email address, like name@example.co.nz.';
    await page.getByText(message).waitFor();
    await expect(input(page).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByText(message).count()).resolves.toBe(1);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Continue' }).isEnabled()).resolves.toBe(true);
  });

  it('finds no serious accessibility problems on the login, pass-code and home screens', async () => {
    const { page } = app;
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const code = await requestCode(page, server, newShopperEmail('axe'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await typeCode(page, code);
    await page.waitForURL('**/w/home');
    // A first visit opens the store picker over home; check the screen once it has settled
    // (mid-animation colours are not what a shopper reads).
    await page.getByRole('dialog', { name: 'Where do you shop?' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('the pass-code screen', () => {
  it('sends a visitor without an e-mail back to /login', async () => {
    const { page } = app;
    await page.goto('/login/pass-code');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
  });
});

function input(page: AppPage['page']) {
  return page.getByLabel('Email');
}
