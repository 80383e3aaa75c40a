// Search, product rows, the product drawer and the shopping list, on the demo catalogue.
import {
  addButtonLabel,
  type CartItem,
  cartTotalRange,
  formatMoney,
  formatMoneyRange,
  formatQuantity,
  type Product,
  splitCartByStore,
} from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import {
  callApi,
  cartApi,
  reloadAt,
  type Shopper,
  searchApi,
  searchInApp,
  shot,
  shotBothThemes,
  signInWithStores,
  swipe,
} from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

const searchFor = (text: string) => searchInApp(suite.app.page, text);

const row = (product: Product) => suite.app.page.locator(`[data-product-row="${product.id}"]`);

const quantityOf = (cart: CartItem[], product: Product) =>
  cart.find((i) => i.product.id === product.id)?.quantity;

async function addToCartByApi(shopper: Shopper, product: Product, quantity: number) {
  await callApi(suite.app.page, 'POST', `/api/${shopper.shortCode}/cart`, {
    productId: product.id,
    quantity,
  });
}

describe('shopping from search', () => {
  it('adds a product with its button and another by swiping left past 75% of the row', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [first, second] = await searchApi(page, shopper, 'milk');
    if (!first || !second) throw new Error('the demo catalogue has no milk');
    await searchFor('milk');
    await shot(page, 'search-results');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row(first)
      .getByRole('button', { name: addButtonLabel(first) })
      .click();
    await swipe(page, `[data-product-row="${second.id}"]`, 0.9, 'left');
    await expect.poll(async () => (await cartApi(page, shopper)).length).toBe(2);

    const cart = await cartApi(page, shopper);
    expect(quantityOf(cart, first)).toBe(first.minimumQuantity);
    expect(quantityOf(cart, second)).toBe(second.minimumQuantity + 2 * second.minimumIncrement);
    // Each row's + button shows what the list now holds (issue 49 item 7).
    for (const [product, quantity] of [
      [first, first.minimumQuantity],
      [second, second.minimumQuantity + 2 * second.minimumIncrement],
    ] as const)
      await row(product)
        .getByRole('button', { name: addButtonLabel(product) })
        .locator('xpath=..')
        .locator('[data-on-list]')
        .getByText(formatQuantity(product, quantity).replace(' ', ''), { exact: true })
        .waitFor();
    await shotBothThemes(page, 'search-rows-on-list');

    await page.getByRole('link', { name: 'Shopping list' }).click();
    await page.getByRole('heading', { name: 'Shopping list' }).waitFor();
    const secondRow = page.locator(`[data-cart-row="${second.id}"]`);
    // The row's stepper shows the quantity (issue 37 item 7).
    await expect
      .poll(() => secondRow.locator('[data-row-quantity] output').textContent())
      .toBe(formatQuantity(second, second.minimumQuantity + 2 * second.minimumIncrement));
  });

  it('shows each store price in the product drawer, the best one dotted, a base price under a discount', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    let product: Product | undefined;
    for (const text of ['milk', 'cheese', 'bread', 'chicken', 'yoghurt', 'coffee', 'rice', 'apples']) {
      product = (await searchApi(page, shopper, text)).find((p) =>
        p.prices.some((x) => x.price < x.basePrice),
      );
      if (product) {
        await searchFor(text);
        break;
      }
    }
    if (!product) throw new Error('no discounted demo product found');
    await row(product).getByRole('button', { name: product.name }).first().click();
    const drawer = page.getByRole('dialog', { name: product.name });
    await drawer.getByRole('button', { name: 'Add to shopping list' }).waitFor();
    await shot(page, 'product-drawer');

    const prices = [...product.prices].sort((a, b) => a.price - b.price);
    const cheapest = shopper.stores.find((s) => s.id === prices[0]?.storeId);
    await expect.poll(() => drawer.locator('[data-store-price]').count()).toBe(prices.length);
    const best = drawer.locator('[data-store-price]').filter({ has: page.locator('[data-best-price]') });
    expect(await best.first().getAttribute('data-store-price')).toBe(cheapest?.name);

    const discounted = prices.find((p) => p.price < p.basePrice);
    const store = shopper.stores.find((s) => s.id === discounted?.storeId);
    const line = drawer.locator(`[data-store-price="${store?.name}"]`);
    expect(await line.textContent()).toContain(formatMoney(discounted?.price ?? 0));
    expect(await line.locator('[data-base-price]').textContent()).toContain(
      formatMoney(discounted?.basePrice ?? 0),
    );

    // The stepper starts at the minimum, where minus is disabled, and steps by the increment.
    const quantity = drawer.getByRole('status', { name: 'Quantity' });
    expect(await quantity.textContent()).toBe(formatQuantity(product, product.minimumQuantity));
    expect(await drawer.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    const stepped = product.minimumQuantity + product.minimumIncrement;
    expect(await quantity.textContent()).toBe(formatQuantity(product, stepped));
    await drawer.getByRole('button', { name: 'Add to shopping list' }).click();
    await expect.poll(async () => quantityOf(await cartApi(page, shopper), product)).toBeCloseTo(stepped, 4);
  });

  it('toggles a favourite with the heart, and home shows the Favourites strip', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    await searchFor('bread');
    const [product] = await searchApi(page, shopper, 'bread');
    if (!product) throw new Error('no bread');
    const heart = row(product).getByRole('button', { name: `Favourite ${product.name}` });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () =>
        (await callApi<Product[]>(page, 'GET', `/api/${shopper.shortCode}/favourites`)).map((f) => f.id),
      )
      .toEqual([product.id]);
    await goInApp(page, '/w/home');
    await page.getByRole('heading', { name: 'Favourites' }).waitFor();
    await searchFor('bread');
    await row(product)
      .getByRole('button', { name: `Favourite ${product.name}` })
      .click();
    await expect
      .poll(
        async () => (await callApi<Product[]>(page, 'GET', `/api/${shopper.shortCode}/favourites`)).length,
      )
      .toBe(0);
  });
});

describe('the shopping list', () => {
  it('totals a range under All, and by store counts only the included stores', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const products = (await searchApi(page, shopper, 'cheese'))
      .filter((p) => p.bestPrice !== null)
      .slice(0, 4);
    for (const [i, product] of products.entries()) {
      await addToCartByApi(shopper, product, product.minimumQuantity + i * product.minimumIncrement);
    }
    const cart = await cartApi(page, shopper);
    await page.getByRole('link', { name: 'Shopping list' }).click();
    await page.getByRole('tab', { name: 'All' }).waitFor();
    const { low, high } = cartTotalRange(cart);
    await expect
      .poll(() => page.locator('[data-cart-total="Total"]').textContent())
      .toContain(formatMoneyRange(low, high));
    await shot(page, 'cart-all');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'By store' }).click();
    // Leave out the store where the first item is cheapest: it moves to another store.
    const all = splitCartByStore(cart, shopper.stores, () => true);
    const excluded = all.groups.find((g) => g.lines.length > 0)?.store;
    if (!excluded) throw new Error('no store group');
    await page.getByRole('checkbox', { name: `Include ${excluded.name}` }).uncheck();
    const expected = splitCartByStore(cart, shopper.stores, (id) => id !== excluded.id);
    await expect
      .poll(() => page.locator('[data-cart-total="Total"]').textContent())
      .toContain(formatMoney(expected.total));
    for (const group of expected.groups) {
      const shown = page.locator(`[data-store-group="${group.store.name}"] [data-group-total]`);
      // An included store with nothing on the list at it shows no empty group (issue 37 item 7).
      if (group.lines.length === 0 && group.store.id !== excluded.id) expect(await shown.count()).toBe(0);
      else expect(await shown.textContent()).toBe(formatMoney(group.total));
    }
    await shot(page, 'cart-by-store');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Both choices are remembered on this device.
    await reloadAt(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store', selected: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Include ${excluded.name}` }).isChecked()).toBe(false);
  });

  it('deletes with a right swipe, and ticking off the last item brings the celebration', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [a, b] = await searchApi(page, shopper, 'butter');
    if (!a || !b) throw new Error('no butter');
    await addToCartByApi(shopper, a, a.minimumQuantity);
    await addToCartByApi(shopper, b, b.minimumQuantity);
    await page.getByRole('link', { name: 'Shopping list' }).click();
    await page.locator(`[data-cart-row="${a.id}"]`).waitFor();
    await swipe(page, `[data-cart-row="${a.id}"]`, 0.6, 'right');
    await expect.poll(async () => (await cartApi(page, shopper)).map((i) => i.product.id)).toEqual([b.id]);
    await page.locator(`[data-cart-row="${a.id}"]`).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Tick off ${b.name}` }).click();
    await page
      .getByText(
        "You've completed your shopping list - an achievement worthy of confetti, fireworks, and maybe even a spontaneous dance number.",
      )
      .waitFor();
    await page.locator('canvas').waitFor();
    await shot(page, 'cart-celebration');
    expect(await cartApi(page, shopper)).toEqual([]);

    await reloadAt(page, '/w/cart');
    await page.getByText('Your shopping list is empty').waitFor();
    await page
      .getByText(
        "Add items as you think of them so they'll be in your shopping list next time you go to the store.",
      )
      .waitFor();
    await shot(page, 'cart-empty');
  });
});
