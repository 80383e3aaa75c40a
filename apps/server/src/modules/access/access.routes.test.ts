import { AccessLevel, sharedNameOf, ZInitialData, ZSwitchResponse } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '../../plugins/workspace-access.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createProduct } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { usersRepository } from '../users/users.repository.js';
import { grantMessages } from './access-grants.service.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let milk: number;

beforeAll(async () => {
  t = await buildTestApp({ KETE_PUBLIC_URL: 'https://kete.example.nz' });
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  milk = await createProduct(t.ctx.db, { name: 'Milk' });
});
afterAll(() => t.close());

const grant = (owner: Shopper, email: unknown) => owner.api('POST', '/access', { email });
const accept = (user: Shopper, shortCode: string) => user.api('POST', '/access/me', undefined, shortCode);
const start = async (user: Pick<Shopper, 'request'>) =>
  ZInitialData.parse((await user.request({ method: 'POST', url: '/api/init/start' })).json());
const switchTo = async (user: Pick<Shopper, 'request'>, shortCode: string) =>
  ZSwitchResponse.parse(
    (await user.request({ method: 'POST', url: `/api/init/switch/${shortCode}` })).json(),
  );

describe('granting access to an existing user', () => {
  it('invites them, and e-mails a short note saying who shared which list, with a link to the app', async () => {
    const res = await grant(aroha, ' Ben@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'ben@example.com',
      grantedAt: expect.any(Number),
      status: 'invited',
    });
    const mail = await t.smtp.lastTo('ben@example.com');
    expect(mail.subject).toBe('Aroha shared a shopping list with you on Kete');
    // Shown to Ben as Aroha's until she names it (issue 49), in the e-mail as in his app.
    expect(mail.text).toContain('Aroha shared the Kete shopping list "Aroha\'s Kete" with you.');
    expect(mail.text).toContain('https://kete.example.nz/login');
  });

  it('offers the invitation at start-up, and nothing of the workspace until they accept it', async () => {
    const waiting = await start(ben);
    expect(waiting.invitations).toEqual([
      { shortCode: aroha.shortCode, sharedName: null, invitedBy: 'Aroha', ownerName: 'Aroha' },
    ]);
    expect(waiting.sharedWorkspaces.map((w) => w.shortCode)).toEqual([ben.shortCode]);
    expect(await switchTo(ben, aroha.shortCode)).toEqual({ workspace_unknown: true });
    expect((await ben.api('GET', '/cart', undefined, aroha.shortCode)).statusCode).toBe(403);
    expect((await aroha.api('GET', '/access')).json()).toEqual([
      { email: 'ben@example.com', grantedAt: expect.any(Number), status: 'invited' },
    ]);

    const accepted = await accept(ben, aroha.shortCode);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ shortCode: aroha.shortCode, sharedName: null });
    expect((await start(ben)).invitations).toEqual([]);
    expect((await aroha.api('GET', '/access')).json()).toEqual([
      { email: 'ben@example.com', grantedAt: expect.any(Number), status: 'member' },
    ]);
  });

  it('shows the workspace in their sharedWorkspaces once accepted, and switching gives Shared access', async () => {
    const data = await start(ben);
    expect(data.workspace.shortCode).toBe(ben.shortCode);
    // His own list carries no Owner's name; Aroha's carries hers, so it reads "Aroha's Kete" (issue 49).
    expect(data.sharedWorkspaces).toEqual([
      { shortCode: ben.shortCode, sharedName: null },
      { shortCode: aroha.shortCode, sharedName: null, ownerName: 'Aroha' },
    ]);
    expect(data.sharedWorkspaces.map(sharedNameOf)).toEqual(['My Kete', "Aroha's Kete"]);
    const switched = await switchTo(ben, aroha.shortCode);
    expect(switched).toMatchObject({
      accessLevel: AccessLevel.Shared,
      workspace: { shortCode: aroha.shortCode, ownerName: 'Aroha' },
    });
    expect((await start(aroha)).sharedWorkspaces).toEqual([{ shortCode: aroha.shortCode, sharedName: null }]);
  });

  it('lets them use the shopping list, lists and favourites of the workspace', async () => {
    expect(
      (await ben.api('POST', '/cart', { productId: milk, quantity: 2 }, aroha.shortCode)).statusCode,
    ).toBe(200);
    expect(
      (await ben.api('POST', '/lists', { name: 'Shared', productId: milk }, aroha.shortCode)).statusCode,
    ).toBe(200);
    expect((await ben.api('POST', `/favourites/${milk}`, undefined, aroha.shortCode)).statusCode).toBe(200);
    const own = await aroha.api('GET', '/cart');
    expect(own.json()).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect((await start(aroha)).lists.map((l) => l.name)).toEqual(['Shared']);
  });

  it('does not let them grant, list or revoke access, or rename the workspace', async () => {
    for (const [method, path, payload] of [
      ['POST', '/access', { email: 'dana@example.com' }],
      ['GET', '/access'],
      ['DELETE', '/access/ben@example.com'],
      ['PUT', '', { sharedName: 'Bens now' }],
    ] as const) {
      const res = await ben.api(method, path, payload, aroha.shortCode);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toBe(accessMessages.ownerOnly);
    }
  });
});

describe('grant errors', () => {
  const emailError = async (email: unknown) => {
    const res = await grant(aroha, email);
    expect(res.statusCode).toBe(400);
    return res.json().errors.email.message as string;
  };

  it('refuses an invalid address, one’s own, and one already granted, on the email field', async () => {
    expect(await emailError('not-an-address')).toBe('Enter a valid email address, like name@example.co.nz.');
    expect(await emailError(undefined)).toEqual(expect.any(String));
    expect(await emailError('AROHA@example.com')).toBe(grantMessages.ownAddress);
    expect(await emailError('ben@EXAMPLE.com')).toBe(grantMessages.alreadyGranted('ben@example.com'));
  });

  it('refuses an Owner without the AccessList feature', async () => {
    const dana = await signInShopper(t, 'dana@example.com');
    const users = usersRepository(t.ctx.db);
    await users.setFeatures(dana.userId, ['Statistics']);
    const res = await grant(dana, 'eru@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(grantMessages.noFeature);
    expect(
      await t.ctx.db.selectFrom('access_grants').selectAll().where('email', '=', 'eru@example.com').execute(),
    ).toEqual([]);
  });
});

describe('granting access to an address without an account', () => {
  it('offers it as an invitation when they first sign in, a member once they accept', async () => {
    expect((await grant(aroha, 'cara@example.com')).statusCode).toBe(200);
    await t.smtp.lastTo('cara@example.com');
    const cara = await signInShopper(t, 'cara@example.com');
    const data = await start(cara);
    expect(data.workspace.shortCode).toBe(cara.shortCode);
    expect(data.sharedWorkspaces.map((w) => w.shortCode)).toEqual([cara.shortCode]);
    expect(data.invitations).toEqual([
      { shortCode: aroha.shortCode, sharedName: null, invitedBy: 'Aroha', ownerName: 'Aroha' },
    ]);
    expect((await accept(cara, aroha.shortCode)).statusCode).toBe(200);
    expect(await switchTo(cara, aroha.shortCode)).toMatchObject({ accessLevel: AccessLevel.Shared });
  });

  it('lists the granted addresses to the Owner', async () => {
    const res = await aroha.api('GET', '/access');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { email: string }) => g.email)).toEqual([
      'ben@example.com',
      'cara@example.com',
    ]);
  });
});

describe('revoking access', () => {
  it('takes effect on their next request', async () => {
    expect((await ben.api('GET', '/cart', undefined, aroha.shortCode)).statusCode).toBe(200);
    expect((await aroha.api('DELETE', '/access/ben@example.com')).statusCode).toBe(204);
    const res = await ben.api('GET', '/cart', undefined, aroha.shortCode);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(accessMessages.notMember);
    expect((await start(ben)).sharedWorkspaces.map((w) => w.shortCode)).toEqual([ben.shortCode]);
    expect(await switchTo(ben, aroha.shortCode)).toEqual({ workspace_unknown: true });
  });

  it('leaves their own workspace and a later sign-in alone', async () => {
    expect((await ben.api('GET', '/cart')).statusCode).toBe(200);
    const again = await signInShopper(t, 'ben@example.com');
    expect((await start(again)).sharedWorkspaces.map((w) => w.shortCode)).toEqual([ben.shortCode]);
  });

  it('answers 404 for an address without access, and access can be granted again', async () => {
    expect((await aroha.api('DELETE', '/access/ben@example.com')).statusCode).toBe(404);
    expect((await aroha.api('DELETE', '/access/nonsense')).statusCode).toBe(400);
    expect((await grant(aroha, 'ben@example.com')).statusCode).toBe(200);
    // A new invitation, to be accepted again.
    expect((await ben.api('GET', '/cart', undefined, aroha.shortCode)).statusCode).toBe(403);
    expect((await accept(ben, aroha.shortCode)).statusCode).toBe(200);
    expect((await ben.api('GET', '/cart', undefined, aroha.shortCode)).statusCode).toBe(200);
  });
});

describe('naming the workspace', () => {
  it('lets the Owner set the sharedName members see in the switcher', async () => {
    const res = await aroha.api('PUT', '', { sharedName: '  Whānau  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shortCode: aroha.shortCode, sharedName: 'Whānau' });
    const shared = (await start(ben)).sharedWorkspaces.find((w) => w.shortCode === aroha.shortCode);
    expect(shared?.sharedName).toBe('Whānau');
    // The name she gave wins over "Aroha's Kete" (issue 49).
    expect(shared && sharedNameOf(shared)).toBe('Whānau');
  });

  it('puts the default back for an empty name and refuses one over 100 characters', async () => {
    const long = await aroha.api('PUT', '', { sharedName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.sharedName.message).toBe('Keep the name to 100 characters or fewer.');
    expect((await aroha.api('PUT', '', { sharedName: ' ' })).json()).toEqual({
      shortCode: aroha.shortCode,
      sharedName: null,
    });
  });
});

describe('POST /api/access', () => {
  it('records a request without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/access',
      payload: { email: 'Fay@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('access_requests').select('email').execute();
    expect(rows).toEqual([{ email: 'fay@example.com' }]);
  });

  it('refuses an invalid address on the email field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/access', payload: { email: 'fay' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email.message).toEqual(expect.any(String));
  });
});
