// KETE_SIGNUP=invite: only granted or operator-approved addresses may sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../cli/command.js';
import { codeFrom } from '../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { accessApprove, accessList } from './access.commands.js';
import { inviteOnlyMessage } from './sign-in-policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ KETE_SIGNUP: 'invite', KETE_PUBLIC_URL: 'https://kete.example.nz' });
});
afterAll(() => t.close());

/** Requests a code and sends it back: the code step's answer. */
async function signInAttempt(email: string) {
  const sent = await t.app.inject({ method: 'POST', url: '/api/identity/email', payload: { email } });
  expect(sent.statusCode).toBe(200);
  const passcode = codeFrom(await t.smtp.lastTo(email));
  return t.app.inject({ method: 'POST', url: '/api/identity/passcode', payload: { email, passcode } });
}

async function runCommand(command: CliCommand, args: string[]) {
  const out: string[] = [];
  const code = await command.run(args, t.ctx, {
    out: (line) => out.push(line),
    err: (line) => out.push(line),
  });
  return { code, out };
}

const userCount = async () => (await t.ctx.db.selectFrom('users').select('id').execute()).length;

describe('invite-only sign-up', () => {
  it('refuses an address nobody invited at the code step, with a clear 403, creating no account', async () => {
    const res = await signInAttempt('stranger@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: inviteOnlyMessage });
    expect(await userCount()).toBe(0);
  });

  it('records nothing for a refused sign-in alone: asking is the shopper’s choice', async () => {
    expect((await runCommand(accessList, [])).out).toEqual(['No requests for access.']);
  });

  it('notes requests made with POST /api/access (as the code screen offers) for the operator', async () => {
    const request = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/access', payload: { email } });
    expect((await request('stranger@example.com')).statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await request('asker@example.com');
    expect(res.statusCode).toBe(200);
    const { code, out } = await runCommand(accessList, []);
    expect(code).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^stranger@example\.com\trequested \d{4}-\d\d-\d\d \d\d:\d\d\tpending$/),
      expect.stringMatching(/^asker@example\.com\trequested .*\tpending$/),
    ]);
  });

  it('lets an operator-approved address sign in, and e-mails them', async () => {
    const approved = await runCommand(accessApprove, ['Stranger@example.com']);
    expect(approved).toEqual({ code: 0, out: ['stranger@example.com approved and emailed.'] });
    const mail = await t.smtp.lastTo('stranger@example.com');
    expect(mail.subject).toBe('You can now use Kete');
    expect(mail.text).toContain('https://kete.example.nz/login');
    expect((await signInAttempt('stranger@example.com')).statusCode).toBe(200);
    expect((await runCommand(accessApprove, ['stranger@example.com'])).out).toEqual([
      'stranger@example.com was already approved.',
    ]);
    expect((await runCommand(accessList, [])).out[0]).toMatch(/\tapproved \d{4}-/);
  });

  it('lets an address granted access to a workspace sign in', async () => {
    const res = await signInAttempt('stranger@example.com');
    const owner = { authorization: `Bearer ${res.json().access_token}` };
    const { shortCode } = (
      await t.app.inject({ method: 'POST', url: '/api/init/start', headers: owner })
    ).json().workspace;
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/${shortCode}/access`,
      headers: owner,
      payload: { email: 'flatmate@example.com' },
    });
    expect(granted.statusCode).toBe(200);
    expect((await signInAttempt('flatmate@example.com')).statusCode).toBe(200);
  });

  it('keeps refusing others, and explains the approve command’s mistakes', async () => {
    expect((await signInAttempt('other@example.com')).statusCode).toBe(403);
    await expect(runCommand(accessApprove, ['not-an-address'])).rejects.toThrow('Give the e-mail address');
  });
});
