// Store opening hours (issue 11) where the chains publish them: the store list and the 'By store'
// group headers say "Open until ...". The hours are written into the database as a refresh would
// (the refresh itself is tested against local shops in apps/server/src/modules/refresh).
import { join } from 'node:path';
import { openingHoursText, type Product } from '@kete/shared';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, cartApi, searchApi, shot, signInWithStores } from './support/shopper.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

// Open around the clock every day (a close at the open means trading past midnight), so the line
// does not depend on when the test runs: "23:59" left one minute a day "Closed", and CI hit it.
const hours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '00:00' }));

it('shows each store\'s hours in the store list and in the "By store" groups', async () => {
  const db = new Database(join(suite.server.dataDir, 'kete.sqlite'));
  db.prepare('update stores set opening_hours = ?').run(JSON.stringify(hours));
  db.close();
  const expected = openingHoursText(hours, new Date());
  expect(expected).toBe('Open until midnight');

  const { page } = suite.app;
  const shopper = await signInWithStores(page, suite.server);
  const products = (await searchApi(page, shopper, 'milk'))
    .filter((p: Product) => p.bestPrice !== null)
    .slice(0, 3);
  for (const product of products) {
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, {
      productId: product.id,
      quantity: product.minimumQuantity,
    });
  }
  expect((await cartApi(page, shopper)).length).toBe(products.length);

  await page.getByRole('link', { name: 'Shopping list' }).click();
  await page.getByRole('tab', { name: 'By store' }).click();
  const groups = page.locator('section[data-store-group]');
  await groups.first().waitFor();
  const groupHours = await page.locator('section[data-store-group] [data-store-hours]').allTextContents();
  expect(groupHours.length).toBeGreaterThan(0);
  expect(new Set(groupHours)).toEqual(new Set([expected]));
  await shot(page, 'store-hours-by-store');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'store-hours-by-store-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.getByRole('button', { name: /^Menu for/ }).click();
  await page.getByRole('button', { name: 'Change stores' }).click();
  const select = page.getByRole('dialog', { name: 'Select stores' });
  await select.getByRole('button', { name: 'Done' }).waitFor();
  const first = select.getByRole('checkbox').first();
  await expect
    .poll(() => first.evaluate((box) => box.closest('label')?.textContent ?? ''))
    .toContain(`· ${expected}`);
  await shot(page, 'store-hours-list');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
