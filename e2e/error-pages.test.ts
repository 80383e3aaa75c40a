import { describe, expect, it } from 'vitest';
import { callApi } from './support/shopper.js';
import { goInApp, newShopperEmail, pathOf, signIn, signInByApi } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();

describe('when the service cannot be reached', () => {
  it("shows 'There's a glitch!' and its link home works once the service is back", async () => {
    const { page } = suite.app;
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    await suite.server.stop();
    try {
      await page.getByLabel('Email').fill(newShopperEmail('offline'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/e/network');
      await page.getByRole('heading', { name: "There's a glitch!" }).waitFor();
      await expect(
        page
          .getByText('The connection to the service does not appear to be working', { exact: false })
          .isVisible(),
      ).resolves.toBe(true);
    } finally {
      await suite.server.restart();
    }
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('**/login');
  });
});

describe("when a screen's code cannot be fetched", () => {
  it("shows 'There's a glitch!' instead of a blank page, and Try again loads that screen afresh", async () => {
    // A first visit, before the app is kept for offline use: the pass-code step's code is fetched
    // as the code is sent, and here it never arrives.
    const { page } = suite.app;
    await page.route('**/assets/pass-code-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    await page.getByLabel('Email').fill(newShopperEmail('no-code'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: "There's a glitch!" }).waitFor();
    expect(pathOf(page)).toBe('/login/pass-code');
    await page.unroute('**/assets/pass-code-page-*.js');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Check your email for a code' }).waitFor();
  });
});

describe('when the server refuses or fails', () => {
  it('a 403 with a session shows the forbidden page with a link to /', async () => {
    // A real 403: a friend is in the owner's shared shopping list when the owner takes access away.
    const { page } = suite.app;
    const owner = await signInByApi(suite.server, newShopperEmail('owner'));
    const friend = newShopperEmail('friend');
    await signIn(page, suite.server, friend);
    expect((await owner.call('POST', `/api/${owner.shortCode}/access`, { email: friend })).status).toBe(200);
    await callApi(page, 'POST', `/api/${owner.shortCode}/access/me`);
    await page.goto(`/a/switch/${owner.shortCode}`);
    await page.waitForURL('**/w/home');
    const revoked = await owner.call(
      'DELETE',
      `/api/${owner.shortCode}/access/${encodeURIComponent(friend)}`,
    );
    expect(revoked.ok).toBe(true);
    await goInApp(page, '/w/cart');
    await page.waitForURL('**/e/403');
    await page
      .getByRole('heading', { name: 'Sorry, but you do not have access to this resource.' })
      .waitFor();
    await expect(page.getByRole('link', { name: 'Back to Kete' }).getAttribute('href')).resolves.toBe('/');
  });

  it('any other status shows the server error page with the server message in quotes', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    // Start-up data, whichever way it is asked for (a reload reopens the last workspace by switch).
    await page.route('**/api/init/**', (route) =>
      route.fulfill({ status: 503, json: { message: 'Kete is being updated.' } }),
    );
    await page.goto('/w/home');
    await page.waitForURL('**/e/500');
    await page
      .getByText(
        "That's a bit unexpected. It looks like the server experienced an error while trying to process your request.",
      )
      .waitFor();
    await expect(page.getByText('"Kete is being updated."').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Error 503').isVisible()).resolves.toBe(true);
    await page.unroute('**/api/init/**');
    await page.getByRole('link', { name: 'Back to Kete' }).click();
    await page.waitForURL('**/w/home');
  });
});

describe('a page that does not exist', () => {
  it("shows '404' and a link back to /", async () => {
    const { page } = suite.app;
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(pathOf(page)).toBe('/no/such/page');
    await page.getByRole('link', { name: 'Go to the start' }).click();
    await page.waitForURL('**/login');
  });
});
