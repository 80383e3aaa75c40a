import { describe, expect, it } from 'vitest';
import {
  arriveHomeFirstVisit,
  chooseFirstStore,
  pathOf,
  recordPaths,
  signIn,
  storedSession,
} from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();

/** The shopper's own shortCode, as the API tells it. */
async function ownShortCode(): Promise<string> {
  const { page } = suite.app;
  return page.evaluate(async () => {
    const { access_token } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token: string };
    const response = await fetch('/api/init/start', {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { workspace: { shortCode: string } }).workspace.shortCode;
  });
}

describe('switching workspace', () => {
  it('to the shopper’s own shortCode shows the splash, then home', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const shortCode = await ownShortCode();
    await page.goto(`/a/switch/${shortCode}`);
    await page.getByRole('heading', { name: 'Switching lists…' }).waitFor();
    // A shopper with no stores yet: the store picker may open over home.
    await arriveHomeFirstVisit(page);
  });

  it('to a shortCode the shopper does not belong to goes to /login', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await page.goto('/a/switch/NOT-MINE-42');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
  });
});

describe('signing out', () => {
  it('ends the session on the server and in the browser, and lands on /login', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await chooseFirstStore(page);
    const before = await storedSession(page);
    await page.getByRole('button', { name: /^Menu for/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toBeNull();

    // The old refresh token is dead: the server refuses to renew it.
    const status = await page.evaluate(async (token) => {
      const response = await fetch('/api/identity/refresh-token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
      return response.status;
    }, before?.refresh_token);
    expect(status).toBe(401);

    // And the workspace screens are closed to this browser now.
    await page.goto('/w/home');
    await page.waitForURL('**/login');
  });
});

describe('an access token that stops working mid-session', () => {
  it('is refreshed without the shopper noticing: still signed in, with new tokens stored', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const before = await storedSession(page);
    if (!before) throw new Error('no session after sign-in');
    await page.evaluate(
      (session) =>
        localStorage.setItem('auth', JSON.stringify({ ...session, access_token: 'expired.token.value' })),
      before,
    );
    const paths = recordPaths(page);
    await page.goto('/w/search');
    await page.waitForURL('**/a/start');
    // Start-up returns to the page asked for.
    await page.waitForURL('**/w/search');
    await page.getByRole('heading', { name: 'Search', exact: true }).waitFor();

    const after = await storedSession(page);
    expect(after?.access_token).not.toBe('expired.token.value');
    // Refresh tokens rotate, so a new one proves the refresh happened. (A new access token can
    // equal the old one when both are issued within the same second.)
    expect(after?.refresh_token).not.toBe(before.refresh_token);
    expect(paths).not.toContain('/login');
    expect(pathOf(page)).toBe('/w/search');
  });

  it('sends the shopper to /login when the refresh token is no good either', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await page.evaluate(() =>
      localStorage.setItem('auth', JSON.stringify({ access_token: 'bad', refresh_token: 'also-bad' })),
    );
    await page.goto('/w/home');
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toBeNull();
  });
});
