import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepository } from '../modules/users/users.repository.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { UsageError } from './command.js';
import { userFeatures, userList } from './user-commands.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.signIn('operator.test@example.com');
});
afterAll(() => t.close());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('npm run kete -- user:list', () => {
  it('lists users with their features', async () => {
    const { io, out } = capture();
    expect(await userList.run([], t.ctx, io)).toBe(0);
    expect(out.join('\n')).toContain('operator.test@example.com\tOperator Test\tAccessList,Statistics');
  });
});

describe('npm run kete -- user:features', () => {
  it('adds and removes features, and the user sees the change at the next start', async () => {
    const { io, out } = capture();
    const code = await userFeatures.run(
      ['operator.test@example.com', '--remove', 'Statistics', '--remove', 'AccessList'],
      t.ctx,
      io,
    );
    expect(code).toBe(0);
    expect(out.at(-1)).toBe('operator.test@example.com: (no features)');
    const user = await usersRepository(t.ctx.db).findByEmail('operator.test@example.com');
    expect(user?.features).toEqual([]);

    await userFeatures.run(['operator.test@example.com', '--add', 'Statistics'], t.ctx, io);
    expect((await usersRepository(t.ctx.db).findByEmail('operator.test@example.com'))?.features).toEqual([
      'Statistics',
    ]);
  });

  it('says so for an unknown user, and refuses an unknown feature', async () => {
    const { io, err } = capture();
    expect(await userFeatures.run(['nobody@example.com', '--add', 'Statistics'], t.ctx, io)).toBe(1);
    expect(err.join()).toContain('No user with the address nobody@example.com');
    await expect(
      userFeatures.run(['operator.test@example.com', '--add', 'Teleport'], t.ctx, io),
    ).rejects.toThrow(UsageError);
    await expect(userFeatures.run([], t.ctx, io)).rejects.toThrow(UsageError);
  });
});
