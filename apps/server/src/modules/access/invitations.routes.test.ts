// Issue 32 item 7 and issue 37 item 4: a grant is an invitation the person accepts or declines
// before the workspace joins their switcher; a Shared member can leave; the Owner hears of each
// answer on the live stream; the grant e-mail says who shared it and carries no link or money
// amount from the list's name.
import {
  AccessLevel,
  membershipMessages,
  NOT_A_MEMBER_MESSAGE,
  type WorkspaceEvent,
  ZInitialData,
} from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { listenLocally as listen, openLiveStream } from '../events/test/sse-client.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';

const postgres = testDialect() === 'postgres';
let t: TestApp;
let base: string;
let aroha: Shopper;
let ben: Shopper;
let cleo: Shopper;

const streamOf = (shopper: Shopper, shortCode = aroha.shortCode) =>
  openLiveStream(`${base}/api/${shortCode}/events`, shopper.headers.authorization.slice('Bearer '.length));

beforeAll(async () => {
  t = await buildTestApp({
    KETE_PUBLIC_URL: 'https://kete.example.nz',
    ...(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
  });
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  cleo = await signInShopper(t, 'cleo@example.com');
  base = await listen(t.app);
});
afterAll(() => t.close());

const grant = (email: string) => aroha.api('POST', '/access', { email });
const accept = (who: Shopper, shortCode = aroha.shortCode) =>
  who.api('POST', '/access/me', undefined, shortCode);
const giveUp = (who: Shopper, shortCode = aroha.shortCode) =>
  who.api('DELETE', '/access/me', undefined, shortCode);
const start = async (who: Shopper) =>
  ZInitialData.parse((await who.request({ method: 'POST', url: '/api/init/start' })).json());
const grantsOfAroha = async () =>
  ((await aroha.api('GET', '/access')).json() as { email: string; status: string }[]).map(
    (g) => `${g.email} ${g.status}`,
  );
const membersOfAroha = async () =>
  (
    await t.ctx.db
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', aroha.workspaceId)
      .orderBy('user_id')
      .execute()
  ).map((m) => m.user_id);

describe('an invitation', () => {
  it('can be accepted only by the address it was sent to', async () => {
    expect((await grant(ben.email)).statusCode).toBe(200);
    const refused = await accept(cleo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    expect(await membersOfAroha()).toEqual([aroha.userId]);
  });

  it('once accepted makes them a Shared member, and the Owner hears who joined', async () => {
    const owners = await streamOf(aroha);
    await owners.next('ready');
    expect((await accept(ben)).statusCode).toBe(200);
    expect((await owners.next('change'))?.data as WorkspaceEvent).toMatchObject({
      topic: 'access',
      action: 'added',
      member: 'joined',
      byUserId: ben.userId,
      byName: 'Ben',
    });
    owners.close();
    expect(await membersOfAroha()).toEqual([aroha.userId, ben.userId]);
    expect((await start(ben)).sharedWorkspaces.map((w) => w.shortCode)).toContain(aroha.shortCode);
    expect(await grantsOfAroha()).toEqual(['ben@example.com member']);
    // Accepting again changes nothing.
    expect((await accept(ben)).statusCode).toBe(200);
    expect(await membersOfAroha()).toEqual([aroha.userId, ben.userId]);
  });

  it('can be declined: it leaves the invitations, the Owner hears of it, and it cannot be accepted after', async () => {
    expect((await grant(cleo.email)).statusCode).toBe(200);
    expect((await start(cleo)).invitations?.map((i) => i.shortCode)).toEqual([aroha.shortCode]);
    const owners = await streamOf(aroha);
    await owners.next('ready');
    expect((await giveUp(cleo)).statusCode).toBe(204);
    expect((await owners.next('change'))?.data as WorkspaceEvent).toMatchObject({
      topic: 'access',
      action: 'removed',
      member: 'declined',
      byName: 'Cleo',
    });
    owners.close();
    expect((await start(cleo)).invitations).toEqual([]);
    expect(await grantsOfAroha()).toEqual(['ben@example.com member']);
    expect((await accept(cleo)).statusCode).toBe(403);
    expect(await membersOfAroha()).toEqual([aroha.userId, ben.userId]);
  });
});

describe('leaving a workspace', () => {
  it('takes a Shared member out at once: their stream ends, and the Owner hears they left', async () => {
    const owners = await streamOf(aroha);
    await owners.next('ready');
    const bens = await streamOf(ben);
    expect(bens.status).toBe(200);
    await bens.next('ready');

    expect((await giveUp(ben)).statusCode).toBe(204);
    expect((await owners.next('change'))?.data as WorkspaceEvent).toMatchObject({
      topic: 'access',
      action: 'removed',
      member: 'left',
      byName: 'Ben',
    });
    owners.close();
    await bens.ended;

    expect(await membersOfAroha()).toEqual([aroha.userId]);
    expect(await grantsOfAroha()).toEqual([]);
    const cart = await ben.api('GET', '/cart', undefined, aroha.shortCode);
    expect(cart.statusCode).toBe(403);
    expect(cart.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    const data = await start(ben);
    expect(data.sharedWorkspaces.map((w) => w.shortCode)).toEqual([ben.shortCode]);
    expect(data.invitations).toEqual([]);
  });

  it('stays left after signing in again, and only a new grant offers it again', async () => {
    const again = await signInShopper(t, ben.email);
    expect((await start(again)).sharedWorkspaces.map((w) => w.shortCode)).toEqual([ben.shortCode]);
    expect((await grant(ben.email)).statusCode).toBe(200);
    expect((await start(again)).invitations?.map((i) => i.shortCode)).toEqual([aroha.shortCode]);
  });

  it('is refused to the Owner of their own workspace, and to someone with nothing there', async () => {
    const own = await giveUp(aroha);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(membershipMessages.ownerCannotLeave);
    expect(await membersOfAroha()).toEqual([aroha.userId]);
    const stranger = await giveUp(cleo);
    expect(stranger.statusCode).toBe(403);
    const unknown = await giveUp(cleo, 'nosuchcode');
    expect(unknown.statusCode).toBe(403);
  });
});

describe('the grant e-mail', () => {
  it('names who shared it, and quotes the list name as plain text without links or money amounts', async () => {
    const dana = await signInShopper(t, 'dana.smith@example.com');
    const named = await dana.api('PUT', '', {
      sharedName: 'FREE $500 voucher - claim at https://evil.example',
    });
    expect(named.statusCode).toBe(200);
    expect((await dana.api('POST', '/access', { email: 'eru@example.com' })).statusCode).toBe(200);
    const mail = await t.smtp.lastTo('eru@example.com');
    expect(mail.subject).toBe('Dana Smith shared a shopping list with you on Kete');
    expect(mail.text).toContain(
      'Dana Smith shared the Kete shopping list "FREE voucher - claim at" with you.',
    );
    expect(mail.text).toContain(
      'To accept or decline, sign in to Kete with this email address: https://kete.example.nz/login',
    );
    expect(mail.text).not.toMatch(/\$|evil|500/);
  });
});

describe('an invitation never makes anyone a member by itself', () => {
  it('not when the invited address signs in for the first time', async () => {
    expect((await grant('fern@example.com')).statusCode).toBe(200);
    const fern = await signInShopper(t, 'fern@example.com');
    expect(await membersOfAroha()).not.toContain(fern.userId);
    const data = await start(fern);
    expect(data.accessLevel).toBe(AccessLevel.Owner);
    expect(data.invitations).toEqual([
      { shortCode: aroha.shortCode, sharedName: null, invitedBy: 'Aroha', ownerName: 'Aroha' },
    ]);
  });
});
