import { describe, expect, it } from 'vitest';
import { chooseFirstStore, goInApp, pathOf, recordPaths, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

describe('a visitor who is not signed in', () => {
  const suite = useAppSuite();

  it.each(['/', '/w', '/w/home', '/w/cart', '/w/statistics', '/a/start', '/a/switch/abc123'])(
    'is sent from %s to /login',
    async (path) => {
      const { page } = suite.app;
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    },
  );
});

describe('a signed-in shopper', () => {
  const suite = useAppSuite();

  it('whose data is not loaded yet (a fresh page load) goes through /a/start and back to the page asked for', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const paths = recordPaths(page);
    await page.goto('/w/lists');
    await page.waitForURL('**/a/start');
    await page.waitForURL('**/w/lists');
    await page.getByRole('heading', { name: 'Lists', exact: true }).waitFor();
    expect(paths[0]).toBe('/w/lists');
    expect(paths).toContain('/a/start');
  });

  it('with data loaded is sent from / straight to /w/home', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await goInApp(page, '/w/lists');
    await page.getByRole('heading', { name: 'Lists', exact: true }).waitFor();
    const paths = recordPaths(page);
    await goInApp(page, '/');
    await page.waitForURL('**/w/home');
    expect(paths).not.toContain('/a/start');
  });

  it('moves between home, search and lists with the bottom navigation pill', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await chooseFirstStore(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/w/search');
    await expect(nav.getByRole('link', { name: 'Search' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await nav.getByRole('link', { name: 'Lists' }).click();
    await page.getByRole('heading', { name: 'Lists', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
  });

  it('with no stores chosen yet sees no shopping-list button', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await expect(page.getByRole('link', { name: 'Shopping list' }).count()).resolves.toBe(0);
  });

  it('with the Statistics feature can open /w/statistics', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await goInApp(page, '/w/statistics');
    await page.getByRole('heading', { name: 'Statistics' }).waitFor();
    expect(pathOf(page)).toBe('/w/statistics');
  });
});

describe('a shopper without the Statistics feature', () => {
  const suite = useAppSuite({ KETE_DEFAULT_FEATURES: 'AccessList' });

  it('is turned back from /w/statistics to /w/home', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await goInApp(page, '/w/statistics');
    await page.waitForURL('**/w/home');
    await expect(page.getByRole('heading', { name: 'Statistics' }).count()).resolves.toBe(0);
  });
});
