// Access tokens: short-lived signed JWTs (jose, HS256). Refresh tokens: random, stored hashed,
// rotated on every use (see refresh-tokens.repository.ts).
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.js';
import { MINUTE } from '../../lib/clock.js';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
const ISSUER = 'kete';

/** Tokens remembered as verified; cleared whole when full (at worst some are checked again). */
const VERIFIED_CACHE_SIZE = 10_000;

/** What a valid access token says. */
export interface AccessClaims {
  userId: number;
  /** Epoch ms: a live stream opened with the token ends then (modules/events). */
  expiresAt: number;
  /** The session (refresh-token family) it was issued for; null for tokens from before issue 32. */
  sessionId: string | null;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(`access-token:${secret}`);
  }

  /** `sessionId`: the session it belongs to, so a stream it opened can end with the session. */
  async sign(userId: number, sessionId?: string): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    return new SignJWT(sessionId ? { sid: sessionId } : {})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_MS / 1000)
      .sign(this.key);
  }

  /** The user id, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<number | null> {
    return (await this.claims(token))?.userId ?? null;
  }

  /** What the token says, or null for a token that is malformed, forged or expired. */
  async claims(token: string): Promise<AccessClaims | null> {
    // A phone sends the same token with every request for 15 minutes. Its signature cannot change,
    // so check it once and remember the result; the expiry is still checked every time.
    const known = this.verified.get(token);
    if (known) return known.expiresAt > this.clock.now() ? known : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || payload.exp === undefined) return null;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      const claims: AccessClaims = { userId, expiresAt: payload.exp * 1000, sessionId };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
