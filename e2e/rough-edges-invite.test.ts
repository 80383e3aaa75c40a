// Issue 9, invite-only sign-up: a right code from an address nobody invited is explained on the
// code screen, which offers to request access (POST /api/access) and confirms it was sent, instead
// of the 500 page with the server's raw text.
import { describe, expect, it } from 'vitest';
import { runKete } from './support/feed.js';
import { shot } from './support/shopper.js';
import { newShopperEmail, pathOf, recordPaths, requestCode, typeCode } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_SIGNUP: 'invite' });

describe('with invite-only sign-up', () => {
  it('a right code from a never-invited address explains itself and offers to request access', async () => {
    const { page } = suite.app;
    const email = newShopperEmail('stranger');
    const paths = recordPaths(page);
    await page.goto('/login');
    const code = await requestCode(page, suite.server, email);
    await typeCode(page, code);
    await page.getByText('Kete is open by invitation only at the moment').waitFor();
    await shot(page, 'rough-invite-only');

    await page.getByRole('button', { name: 'Request access' }).click();
    await page.getByText(`Request sent. We'll email ${email} as soon as it is approved.`).waitFor();
    await shot(page, 'rough-invite-requested');
    expect(paths).not.toContain('/e/500');
    expect(pathOf(page)).toBe('/login/pass-code');

    // The operator sees the request.
    const list = runKete(suite.server, ['access:list']);
    expect(list.stdout).toContain(`${email}\trequested`);
  });
});
