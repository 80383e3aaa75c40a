// Search: suggestions, results, the empty result, recent searches; and scanning a demo product's
// barcode with Chromium's fake camera playing a generated barcode video.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../apps/server/src/modules/catalogue/demo/demo-products.js';
import { openApp } from './support/app-page.js';
import { seriousA11yViolations } from './support/axe.js';
import { writeBarcodeVideo } from './support/barcode-video.js';
import { launchBrowser } from './support/browser.js';
import { shot, signInWithStores } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

const recentTexts = async (page: import('playwright-core').Page) =>
  page
    .getByRole('region', { name: 'Recent searches' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.textContent?.trim()));

describe('search', () => {
  it('suggests, finds, says when nothing is found, and remembers recent searches', async () => {
    const { page } = suite.app;
    await signInWithStores(page, suite.server);
    await goInApp(page, '/w/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await page.getByRole('heading', { name: 'Try searching for' }).waitFor();
    await shot(page, 'search-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Empty text does not search.
    await box.fill('   ');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);

    await box.fill('qqqzzzxx');
    await page.keyboard.press('Enter');
    await page.getByText('No products found. Try a new search.').waitFor();
    await shot(page, 'search-no-results');

    // A search that found nothing is not kept (issue 37 item 8); one that found something is.
    await box.fill('Bread');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Search results' }).waitFor();

    await box.fill('  Milk ');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Search results' }).waitFor();

    // Clearing the text clears the results and brings back suggestions and recent searches.
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Recent searches' }).waitFor();
    expect(await recentTexts(page)).toEqual(['Milk', 'Bread']);

    // A repeat ignoring case replaces the older one; tapping an entry runs it again.
    await box.fill('milk');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await recentTexts(page)).toEqual(['milk', 'Bread']);
    await shot(page, 'search-recent');

    await page.getByRole('button', { name: 'Remove Bread from recent searches' }).click();
    expect(await recentTexts(page)).toEqual(['milk']);
    await page
      .getByRole('region', { name: 'Recent searches' })
      .getByRole('button', { name: 'milk', exact: true })
      .click();
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    expect(await box.inputValue()).toBe('milk');

    // Kept in the local database across a fresh start.
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await goInApp(page, '/w/search');
    await page.getByRole('heading', { name: 'Recent searches' }).waitFor();
    expect(await recentTexts(page)).toEqual(['milk']);
  });
});

describe('scanning a barcode', () => {
  const product = demoProducts(1)[0];
  let browser: Browser;
  let videoDir: string;

  beforeAll(async () => {
    if (!product) throw new Error('no demo product');
    videoDir = mkdtempSync(join(tmpdir(), 'kete-scan-'));
    const video = join(videoDir, 'barcode.y4m');
    writeBarcodeVideo(video, product.barcode);
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    if (videoDir) rmSync(videoDir, { recursive: true, force: true });
  });

  it("fills the search with a demo product's EAN-13, finds it and closes the camera", async () => {
    const { context, page } = await openApp(browser, suite.server);
    try {
      await context.grantPermissions(['camera']);
      await signInWithStores(page, suite.server);
      await goInApp(page, '/w/search');
      await page.getByRole('button', { name: 'Scan barcode' }).click();
      const camera = page.getByRole('dialog', { name: 'Scan barcode' });
      await camera.waitFor();
      await shot(page, 'scanner');
      await camera.waitFor({ state: 'detached', timeout: 20_000 });
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(product?.barcode);
      const results = page.getByRole('list', { name: 'Search results' });
      await results.waitFor();
      expect(await results.getByRole('listitem').count()).toBe(1);
      expect(await results.textContent()).toContain(product?.name);
      await shot(page, 'scan-result');
    } finally {
      await context.close();
    }
  });

  it('Cancel closes the camera', async () => {
    // Chromium's own fake picture (no barcode), so nothing is decoded before Cancel.
    const plain = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
    const { page } = await openApp(plain, suite.server);
    try {
      await signInWithStores(page, suite.server);
      await goInApp(page, '/w/search');
      await page.getByRole('button', { name: 'Scan barcode' }).click();
      const camera = page.getByRole('dialog', { name: 'Scan barcode' });
      await camera.waitFor();
      await camera.getByRole('button', { name: 'Cancel' }).click();
      await camera.waitFor({ state: 'detached' });
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    } finally {
      await plain.close();
    }
  });
});
