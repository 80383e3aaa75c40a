// Who is in a workspace (issue 32 item 7, issue 37 item 4): a grant is an invitation the person
// accepts or declines before the list joins their switcher; someone who signs in for the first time
// because of one is offered the shared list first (its stores already chosen), not the store
// intro; a Shared member can leave, and the Owner sees them gone live.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeFrom } from '../apps/server/src/test/smtp-server.js';
import { openApp } from './support/app-page.js';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, type Shopper, shotBothThemes, signInWithStores } from './support/shopper.js';
import { arriveHomeFirstVisit, newShopperEmail, requestCode, signIn, typeCode } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();

const LIST_NAME = 'Ngā Kete';

/** Aroha (the Owner) with stores chosen and her list named, signed in on her own phone. */
async function aroha(page: Page): Promise<Shopper> {
  const shopper = await signInWithStores(page, suite.server, newShopperEmail('aroha'));
  await callApi(page, 'PUT', `/api/${shopper.shortCode}`, { sharedName: LIST_NAME });
  return shopper;
}

const invitation = (page: Page) => page.getByRole('dialog', { name: `Aroha shared "${LIST_NAME}" with you` });
const switcher = (page: Page) => page.getByRole('navigation', { name: 'Shared lists' });
const openMenu = (page: Page) => page.getByRole('button', { name: /^Menu for/ }).click();

describe('an invitation', () => {
  it('waits for the person to accept it from home, and only then joins their switcher', async () => {
    const owner = suite.app.page;
    const household = await aroha(owner);
    const ben = await openApp(suite.browser, suite.server);
    try {
      const email = await signIn(ben.page, suite.server, newShopperEmail('ben'));
      await callApi(owner, 'POST', `/api/${household.shortCode}/access`, { email });
      // The Owner sees the address as invited until Ben answers.
      await openMenu(owner);
      await owner.getByRole('button', { name: 'Grant access' }).click();
      const granted = owner
        .getByRole('dialog', { name: 'Grant access' })
        .getByRole('listitem')
        .filter({ hasText: email });
      await granted.getByText('Invited').waitFor();
      await shotBothThemes(owner, 'members-owner-invited');

      await ben.page.reload();
      const offer = invitation(ben.page);
      await offer.waitFor();
      expect(await switcher(ben.page).count()).toBe(0);
      await shotBothThemes(ben.page, 'members-invitation');
      expect(await seriousA11yViolations(ben.page)).toEqual([]);

      await offer.getByRole('button', { name: 'Open it' }).click();
      await ben.page.waitForURL('**/w/home');
      await switcher(ben.page).getByRole('link', { name: LIST_NAME }).waitFor();
      await expect(
        switcher(ben.page).getByRole('link', { name: LIST_NAME }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      // The household's stores: their specials, and no store intro.
      await ben.page.getByRole('heading', { name: 'Specials' }).waitFor();
      expect(await ben.page.getByRole('dialog', { name: 'Where do you shop?' }).count()).toBe(0);
      // Live on the Owner's phone: Ben joined, and is no longer only invited.
      await owner.getByTestId('live-toast').filter({ hasText: 'Ben joined this list' }).waitFor();
      await granted.getByText('Invited').waitFor({ state: 'detached' });
      await granted.waitFor();
    } finally {
      await ben.context.close();
    }
  });

  it('can be declined: nothing joins the switcher, and it is not offered again', async () => {
    const owner = suite.app.page;
    const household = await aroha(owner);
    const cara = await openApp(suite.browser, suite.server);
    try {
      const email = await signIn(cara.page, suite.server, newShopperEmail('cara'));
      await callApi(owner, 'POST', `/api/${household.shortCode}/access`, { email });
      await cara.page.reload();
      await invitation(cara.page).getByRole('button', { name: 'Decline' }).click();
      await invitation(cara.page).waitFor({ state: 'detached' });
      // Her own list, still without stores: now the store intro may come.
      await cara.page.getByRole('dialog', { name: 'Where do you shop?' }).waitFor();
      await cara.page.reload();
      await cara.page.getByRole('dialog', { name: 'Where do you shop?' }).waitFor();
      expect(await invitation(cara.page).count()).toBe(0);
      expect(await switcher(cara.page).count()).toBe(0);
      const grants = await callApi<unknown[]>(owner, 'GET', `/api/${household.shortCode}/access`);
      expect(grants).toEqual([]);
    } finally {
      await cara.context.close();
    }
  });
});

describe('someone who signs in for the first time because a list was shared with them', () => {
  it('is offered the shared list first, and opens it without choosing stores; the e-mail said who shared it', async () => {
    const owner = suite.app.page;
    const household = await aroha(owner);
    const email = newShopperEmail('dana');
    await callApi(owner, 'POST', `/api/${household.shortCode}/access`, { email });
    const note = await suite.server.smtp.lastTo(email);
    expect(note.subject).toBe('Aroha shared a shopping list with you on Kete');
    expect(note.text).toContain(`Aroha shared the Kete shopping list "${LIST_NAME}" with you.`);

    const dana = await openApp(suite.browser, suite.server);
    try {
      const { page } = dana;
      await page.goto('/login');
      const code = await requestCode(page, suite.server, email);
      expect(code).toBe(codeFrom(await suite.server.smtp.lastTo(email)).replace('-', ''));
      await typeCode(page, code);
      await arriveHomeFirstVisit(page);
      const offer = invitation(page);
      await offer.waitFor();
      // The store intro waits behind it, and does not come while it is offered.
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('dialog', { name: 'Where do you shop?' }).count()).toBe(0);
      await shotBothThemes(page, 'members-first-sign-in-invitation');

      await offer.getByRole('button', { name: 'Open it' }).click();
      await page.waitForURL('**/w/home');
      await switcher(page).getByRole('link', { name: LIST_NAME }).waitFor();
      await page.getByRole('heading', { name: 'Specials' }).waitFor();
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('dialog', { name: 'Where do you shop?' }).count()).toBe(0);
      await shotBothThemes(page, 'members-first-sign-in-joined');
    } finally {
      await dana.context.close();
    }
  });
});

describe('a Shared member', () => {
  it('leaves the list from the avatar menu, and the Owner sees them gone live', async () => {
    const owner = suite.app.page;
    const household = await aroha(owner);
    const eru = await openApp(suite.browser, suite.server);
    try {
      const email = await signIn(eru.page, suite.server, newShopperEmail('eru'));
      await callApi(owner, 'POST', `/api/${household.shortCode}/access`, { email });
      await callApi(eru.page, 'POST', `/api/${household.shortCode}/access/me`);
      await eru.page.goto(`/a/switch/${household.shortCode}`);
      await eru.page.waitForURL('**/w/home');

      // The Owner watches who has access.
      await openMenu(owner);
      await owner.getByRole('button', { name: 'Grant access' }).click();
      const grants = owner.getByRole('dialog', { name: 'Grant access' });
      await grants.getByText(email).waitFor();

      await openMenu(eru.page);
      const menu = eru.page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Leave this list' }).click();
      const confirm = eru.page.getByRole('alertdialog', { name: `Leave "${LIST_NAME}"?` });
      await confirm.waitFor();
      await shotBothThemes(eru.page, 'members-leave-confirm');
      await confirm.getByRole('button', { name: 'Leave' }).click();
      await eru.page.waitForURL('**/w/home');
      await eru.page.getByRole('dialog', { name: 'Where do you shop?' }).waitFor();
      expect(await switcher(eru.page).count()).toBe(0);

      // Live on the Owner's phone: who left, and the address gone from the list of access.
      await owner.getByTestId('live-toast').filter({ hasText: 'Eru left this list' }).waitFor();
      await grants.getByText(email).waitFor({ state: 'detached' });
      await shotBothThemes(owner, 'members-owner-sees-leave');
      const left = await callApi<unknown[]>(owner, 'GET', `/api/${household.shortCode}/access`);
      expect(left).toEqual([]);
    } finally {
      await eru.context.close();
    }
  });

  it('is the only one offered Leave this list: an Owner never is, in their own list', async () => {
    const owner = suite.app.page;
    await aroha(owner);
    await openMenu(owner);
    await owner.getByRole('dialog').getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await owner.getByRole('button', { name: 'Leave this list' }).count()).toBe(0);
  });
});
