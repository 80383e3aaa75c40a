// Named lists: created from a product, renamed (a duplicate name is refused on the field), copied
// onto the shopping list and deleted after confirming.
import { describe, expect, it } from 'vitest';
import { callApi, cartApi, searchApi, shot, signInWithStores, swipe } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

describe('lists', () => {
  it('are created from a product, renamed, added to the shopping list and deleted', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [eggs, other] = await searchApi(page, shopper, 'eggs');
    if (!eggs || !other) throw new Error('no eggs');

    await goInApp(page, '/w/lists');
    await page.getByText('No lists').waitFor();
    await page.getByText('Search for items to add them to a list').waitFor();
    await shot(page, 'lists-empty');

    // With no lists yet, swiping right opens 'Create list' straight away.
    await goInApp(page, '/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('eggs');
    await page.keyboard.press('Enter');
    await page.locator(`[data-product-row="${eggs.id}"]`).waitFor();
    await swipe(page, `[data-product-row="${eggs.id}"]`, 0.6, 'right');
    const create = page.getByRole('dialog', { name: 'Create list' });
    await create.getByLabel('List name').fill('Weekly');
    await shot(page, 'dialog-create-list');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.waitFor({ state: 'detached' });

    // With a list, the add-to-list dialog offers it and a 'Create list' link.
    await swipe(page, `[data-product-row="${other.id}"]`, 0.6, 'right');
    const choose = page.getByRole('dialog', { name: 'Add to list' });
    await choose.getByRole('button', { name: 'Create list' }).waitFor();
    expect(await choose.locator('[data-list-area]').getAttribute('class')).toContain('max-h-128');
    await shot(page, 'dialog-add-to-list');
    await choose.getByRole('button', { name: 'Weekly', exact: true }).click();
    await choose.waitFor({ state: 'detached' });

    // A second list, to collide with on rename.
    await callApi(page, 'POST', `/api/${shopper.shortCode}/lists`, { name: 'Party', productId: eggs.id });

    await goInApp(page, '/w/lists');
    await page.getByRole('button', { name: 'Weekly', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Weekly' });
    await drawer.locator(`[data-product-row="${other.id}"]`).waitFor();
    expect(await drawer.locator('[data-product-row]').count()).toBe(2);
    await shot(page, 'list-drawer');

    // Rename: the server's duplicate-name error shows on the field; a new name is taken.
    await drawer.getByRole('button', { name: 'List menu' }).click();
    await shot(page, 'list-menu');
    await page.getByRole('menuitem', { name: 'Edit name' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit' });
    await edit.getByLabel('List name').fill('Party');
    await edit.getByRole('button', { name: 'Save' }).click();
    const field = edit.getByLabel('List name');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const message = (await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()) ?? '';
    expect(message.length).toBeGreaterThan(0);
    await shot(page, 'dialog-edit-error');
    await field.fill('Weekly shop');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Weekly shop' }).waitFor();

    // Add the whole list to the shopping list.
    const renamed = page.getByRole('dialog', { name: 'Weekly shop' });
    await renamed.getByRole('button', { name: 'List menu' }).click();
    await page.getByRole('menuitem', { name: 'Add to shopping list' }).click();
    await expect
      .poll(async () => (await cartApi(page, shopper)).map((i) => i.product.id).sort())
      .toEqual([eggs.id, other.id].sort());

    // Remove one product with a swipe right inside the list.
    await swipe(page, `[data-product-row="${other.id}"]`, 0.6, 'right');
    await renamed.locator(`[data-product-row="${other.id}"]`).waitFor({ state: 'detached' });
    expect(await renamed.locator('[data-product-row]').count()).toBe(1);

    // Delete after confirming.
    await renamed.getByRole('button', { name: 'List menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete list' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this list?' });
    await confirm.getByText('This action cannot be undone.').waitFor();
    await shot(page, 'dialog-delete-list');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Weekly shop' }).waitFor({ state: 'detached' });
    const lists = await callApi<{ name: string }[]>(page, 'GET', `/api/${shopper.shortCode}/lists`);
    expect(lists.map((l) => l.name)).toEqual(['Party']);
    await shot(page, 'lists-page');
  });

  it('an empty list says so', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [product] = await searchApi(page, shopper, 'rice');
    if (!product) throw new Error('no rice');
    const list = await callApi<{ id: number }>(page, 'POST', `/api/${shopper.shortCode}/lists`, {
      name: 'Pantry',
      productId: product.id,
    });
    await callApi(page, 'DELETE', `/api/${shopper.shortCode}/lists/${list.id}/${product.id}`);
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await goInApp(page, '/w/lists');
    await page.getByRole('button', { name: 'Pantry' }).click();
    await page.getByText('No items').waitFor();
    await page.getByText('Search for items to add to this list').waitFor();
    await shot(page, 'list-drawer-empty');
  });
});
