// Expired codes, tokens and rate-limit windows are deleted; live ones are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../lib/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { purgeExpired } from './purge.js';
import { rateLimits } from './rate-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: 'sign_in_codes' | 'refresh_tokens' | 'rate_limits') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('purgeExpired', () => {
  it('deletes expired sign-in codes, refresh tokens and rate-limit windows, keeping live ones', async () => {
    await t.signIn('old@example.com');
    await rateLimits(t.ctx.db).hit('test-bucket', MINUTE, t.clock.now());
    expect(await count('sign_in_codes')).toBe(1);
    expect(await count('refresh_tokens')).toBe(1);
    expect(await count('rate_limits')).toBeGreaterThan(0);

    // Codes are kept an hour after expiry (the codes-an-hour rule counts them).
    t.clock.advance(30 * MINUTE);
    const first = await purgeExpired(t.ctx);
    expect(first.codes).toBe(0);
    expect(first.rateLimits).toBeGreaterThan(0);

    t.clock.advance(31 * DAY);
    await t.signIn('new@example.com');
    const report = await purgeExpired(t.ctx);
    expect(report).toEqual({ codes: 1, refreshTokens: 1, rateLimits: expect.any(Number) });
    expect(await count('sign_in_codes')).toBe(1);
    expect(await count('refresh_tokens')).toBe(1);
    t.clock.advance(2 * HOUR);
    expect((await purgeExpired(t.ctx)).codes).toBe(1);
  });
});
