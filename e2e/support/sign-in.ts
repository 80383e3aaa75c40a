// The shared sign-in fixture: a shopper signs in through the real screens, reading the code from
// the e-mail the real SMTP server caught.
import type { Page } from 'playwright-core';
import { codeFrom } from '../../apps/server/src/test/smtp-server.js';
import type { RunningServer } from './server.js';

let counter = 0;

/** A fresh address per call, so each test is its own new shopper. */
export function newShopperEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.co.nz`;
}

/** Enters the e-mail on /login and waits for the code screen. Returns the code that was sent. */
export async function requestCode(page: Page, server: RunningServer, email: string): Promise<string> {
  const before = server.smtp.messages.length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your email for a code' }).waitFor();
  for (let i = 0; i < 100 && server.smtp.messages.length === before; i++) await page.waitForTimeout(20);
  return codeFrom(await server.smtp.lastTo(email)).replace('-', '');
}

/** Types the code one character at a time into the first box; focus moves along by itself. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Character 1 of 6').click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Pastes text into one of the boxes as a clipboard paste would. */
export async function pasteInto(page: Page, boxLabel: string, text: string): Promise<void> {
  await page.getByLabel(boxLabel).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Signs a new shopper in from '/' all the way to /w/home. Returns the e-mail used. */
export async function signIn(page: Page, server: RunningServer, email = newShopperEmail()): Promise<string> {
  await page.goto('/');
  await page.waitForURL('**/login');
  const code = await requestCode(page, server, email);
  await typeCode(page, code);
  await arriveHomeFirstVisit(page);
  return email;
}

/**
 * Waits for a new shopper's first arrival at /w/home. Home is there once its heading is. Not by
 * role: home loads on demand, and on a first visit the store picker may already have opened over
 * it (its dialog hides the page from role queries).
 */
export async function arriveHomeFirstVisit(page: Page): Promise<void> {
  await page.waitForURL('**/w/home');
  await page.locator('h1', { hasText: 'Home' }).waitFor({ state: 'attached' });
}

export interface StoredSession {
  access_token: string;
  refresh_token: string;
}

export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate(() => localStorage.getItem('auth'));
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/** The path of the current page, e.g. '/w/home'. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Navigates inside the running app (as a link would), keeping its in-memory state: a full page
 * load would drop the loaded workspace data and go through start-up again.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Every path the page showed, including in-app navigations. */
export function recordPaths(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

/**
 * A new shopper meets the store modal 500 ms after reaching home (spec: first visit with no
 * stores). Chooses one store through it, as a shopper would, and waits for it to close.
 */
export async function chooseFirstStore(page: Page, name = 'New World Karori'): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Where do you shop?' })
    .getByRole('button', { name: 'Continue' })
    .click();
  const select = page.getByRole('dialog', { name: 'Select stores' });
  await select.getByRole('searchbox', { name: 'Search stores' }).fill(name);
  await select.getByRole('checkbox', { name: new RegExp(name) }).check();
  await select.getByRole('button', { name: 'Go shopping' }).click();
  await select.waitFor({ state: 'detached' });
}

/** Another member of the household, signed in through the API only (no browser), for set-ups. */
export interface ApiUser {
  shortCode: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

const postJson = (server: RunningServer, path: string, body: unknown, token?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** A new session for `email` through the API, with the code from the e-mail the server sent. */
async function sessionByApi(server: RunningServer, email: string): Promise<StoredSession> {
  const asked = await postJson(server, '/api/identity/email', { email });
  if (!asked.ok) throw new Error(`asking for a code answered ${asked.status}: ${await asked.text()}`);
  const code = codeFrom(await server.smtp.lastTo(email));
  const signedIn = await postJson(server, '/api/identity/passcode', { email, passcode: code });
  if (!signedIn.ok) throw new Error(`the code answered ${signedIn.status}: ${await signedIn.text()}`);
  return (await signedIn.json()) as StoredSession;
}

/**
 * Signs a new shopper in without the screens, for tests about something else (the screens have
 * their own: sign-in.test.ts, and the tests that call signIn). The session is stored where the app
 * keeps it ('auth'), from a page of the same origin that is not the app, so the next page the test
 * opens loads the app signed in. About 2 s less a sign-in on a loaded machine (decision 0032).
 */
export async function signInQuietly(
  page: Page,
  server: RunningServer,
  email = newShopperEmail(),
): Promise<string> {
  const session = await sessionByApi(server, email);
  await page.goto('/api/health');
  await page.evaluate((auth) => localStorage.setItem('auth', auth), JSON.stringify(session));
  return email;
}

export async function signInByApi(server: RunningServer, email: string): Promise<ApiUser> {
  const session = await sessionByApi(server, email);
  const start = (await (await postJson(server, '/api/init/start', {}, session.access_token)).json()) as {
    workspace: { shortCode: string };
  };
  return {
    shortCode: start.workspace.shortCode,
    call: (method, path, body) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
