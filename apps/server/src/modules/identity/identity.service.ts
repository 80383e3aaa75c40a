// Sign-in by e-mailed one-time code, and the access/refresh token pair that follows.
import { randomUUID } from 'node:crypto';
import {
  formatPasscode,
  normalisePasscode,
  PASSCODE_ALPHABET,
  PASSCODE_LENGTH,
  type Session,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { DAY, HOUR, MINUTE } from '../../lib/clock.js';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-error.js';
import { hmac, randomString, randomToken, safeEqual } from '../../lib/random.js';
import { rateLimits } from '../limits/rate-limits.js';
import { findOrCreateAccount } from '../users/accounts.js';
import { refreshTokensRepository } from './refresh-tokens.repository.js';
import { signInCodesRepository } from './sign-in-codes.repository.js';
import { AccessTokens } from './tokens.js';

export const CODE_TTL_MS = 10 * MINUTE;
/** Codes an hour for one address from one client (the spec's 5 an hour). */
export const MAX_CODES_PER_HOUR = 5;
/** Codes an hour for one address from all clients together: a stranger cannot mail-bomb it. */
export const MAX_CODES_PER_ADDRESS_PER_HOUR = 20;
/** Wrong tries on a code by the client it was sent for; then the code is dead. */
export const MAX_WRONG_TRIES = 5;
/**
 * Wrong tries for an address by a client it sent no live code to, per code lifetime: such tries
 * never kill anyone's code (so a stranger cannot lock a person out), and all of them together are
 * capped too (so the codes cannot be guessed from many clients).
 */
export const MAX_FOREIGN_TRIES_PER_CLIENT = 5;
export const MAX_FOREIGN_TRIES_PER_ADDRESS = 20;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
/** A session ends this long after its sign-in however often it is refreshed (ASVS 3.3). */
export const SESSION_MAX_AGE_MS = 90 * DAY;

export const messages = {
  tooManyCodes: 'Too many codes have been sent to this address. Please wait an hour and try again.',
  wrongCode: 'That code is not right. Please check it and try again.',
  expiredCode: 'That code has expired. Please request a new one.',
  deadCode: 'Too many wrong tries. Please request a new code.',
  sessionExpired: 'Your session has expired. Please sign in again.',
};

export type SignInPolicy = (email: string) => Promise<void>;

export function identityService(ctx: AppContext, signInPolicy: SignInPolicy = async () => {}) {
  const codes = signInCodesRepository(ctx.db, ctx.dialect);
  const limits = rateLimits(ctx.db);
  const refreshTokens = refreshTokensRepository(ctx.db);
  const accessTokens = new AccessTokens(ctx.secret, ctx.clock);
  // Codes are few enough (31^6) to brute-force from a bare hash, so they are keyed by the secret.
  const hashCode = (email: string, code: string) => hmac(ctx.secret, `sign-in-code:${email}:${code}`);
  // Refresh tokens are keyed by the secret too, so a new KETE_SECRET ends every session (README):
  // a token issued under the old one matches no stored row (decision 0015).
  const hashRefreshToken = (token: string) => hmac(ctx.secret, `refresh-token:${token}`);

  async function issueSession(
    userId: number,
    familyId: string = randomUUID(),
    sessionStartedAt: number = ctx.clock.now(),
  ): Promise<{ session: Session; id: number }> {
    const refreshToken = randomToken();
    const now = ctx.clock.now();
    const id = await refreshTokens.insert({
      userId,
      tokenHash: hashRefreshToken(refreshToken),
      familyId,
      expiresAt: Math.min(now + REFRESH_TOKEN_TTL_MS, sessionStartedAt + SESSION_MAX_AGE_MS),
      createdAt: now,
      sessionStartedAt,
    });
    const accessToken = await accessTokens.sign(userId, familyId);
    return { session: { access_token: accessToken, refresh_token: refreshToken }, id };
  }

  return {
    accessTokens,

    /** `client`: who asks (clientKey of the request's address); codes are counted per both. */
    async requestCode(email: string, client = 'local'): Promise<void> {
      const now = ctx.clock.now();
      const code = randomString(PASSCODE_ALPHABET, PASSCODE_LENGTH);
      const issued = await codes.issue({
        email,
        client,
        codeHash: hashCode(email, code),
        expiresAt: now + CODE_TTL_MS,
        now,
        since: now - HOUR,
        perClient: MAX_CODES_PER_HOUR,
        // A client that has signed in to this address before is not held back by the address's
        // cap: strangers using it up cannot keep the person out (only its own 5 an hour apply).
        perAddress: (await limits.remembers(`known-client:${email}:${client}`, now))
          ? Number.POSITIVE_INFINITY
          : MAX_CODES_PER_ADDRESS_PER_HOUR,
      });
      if (!issued) throw tooManyRequests(messages.tooManyCodes);
      await ctx.mailer.send({
        to: email,
        subject: 'Your Kete sign-in code',
        text: [
          `Your Kete sign-in code is ${formatPasscode(code)}`,
          '',
          'It expires in 10 minutes. If you did not ask for it, you can ignore this email.',
        ].join('\n'),
      });
    },

    /**
     * The guess is compared with every live code of the address (a phone may change networks
     * between asking and answering), after one try is claimed: on the client's own code, or else
     * on its and the address's foreign-try counters. Claimed first, so parallel guesses cannot
     * get more tries between them.
     */
    async signIn(email: string, passcode: string, client = 'local'): Promise<Session> {
      const now = ctx.clock.now();
      const live = await codes.findLive(email);
      if (live.length === 0) throw badRequest(messages.wrongCode);
      const usable = live.filter((code) => code.expires_at > now);
      if (usable.length === 0) throw badRequest(messages.expiredCode);
      const own = usable.find((code) => code.client === client);
      let ownTries = 0;
      if (own) {
        const tries = await codes.claimTry(own.id, MAX_WRONG_TRIES);
        if (tries === null) throw badRequest(messages.deadCode);
        ownTries = tries;
      } else {
        const byClient = await limits.hit(`sign-in-tries:${email}:${client}`, CODE_TTL_MS, now);
        const byAll = await limits.hit(`sign-in-tries:${email}`, CODE_TTL_MS, now);
        if (byClient > MAX_FOREIGN_TRIES_PER_CLIENT || byAll > MAX_FOREIGN_TRIES_PER_ADDRESS) {
          throw badRequest(messages.deadCode);
        }
      }
      const hash = hashCode(email, normalisePasscode(passcode));
      const match = usable.find((code) => safeEqual(code.code_hash, hash));
      if (!match) {
        if (!own || ownTries < MAX_WRONG_TRIES) throw badRequest(messages.wrongCode);
        await codes.kill(own.id);
        throw badRequest(messages.deadCode);
      }
      await signInPolicy(email);
      if (!(await codes.consume(match.id))) throw badRequest(messages.wrongCode);
      await codes.deactivateAll(email);
      await limits.remember(`known-client:${email}:${client}`, now + SESSION_MAX_AGE_MS);
      const userId = await findOrCreateAccount(ctx.db, email, ctx.config.defaultFeatures, ctx.clock.now());
      return (await issueSession(userId)).session;
    },

    /** Rotation: each refresh token works once. Presenting a used one revokes its whole chain. */
    async refresh(refreshToken: string): Promise<Session> {
      const now = ctx.clock.now();
      const token = await refreshTokens.findByHash(hashRefreshToken(refreshToken));
      if (!token) throw unauthorized(messages.sessionExpired);
      if (token.revoked_at !== null) {
        if (token.replaced_by_id !== null) await refreshTokens.revokeFamily(token.family_id, now);
        throw unauthorized(messages.sessionExpired);
      }
      const startedAt = token.session_started_at ?? token.created_at;
      if (token.expires_at <= now || startedAt + SESSION_MAX_AGE_MS <= now) {
        throw unauthorized(messages.sessionExpired);
      }
      if (!(await refreshTokens.revokeIfLive(token.id, now))) {
        // Lost a race with another use of the same token: that is reuse too.
        await refreshTokens.revokeFamily(token.family_id, now);
        throw unauthorized(messages.sessionExpired);
      }
      const next = await issueSession(token.user_id, token.family_id, startedAt);
      await refreshTokens.setReplacedBy(token.id, next.id);
      return next.session;
    },

    async logout(refreshToken: string): Promise<void> {
      // The whole family: a copy of an earlier token (another tab, a thief) must not live on.
      const token = await refreshTokens.findByHash(hashRefreshToken(refreshToken));
      if (token) await refreshTokens.revokeFamily(token.family_id, ctx.clock.now());
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
