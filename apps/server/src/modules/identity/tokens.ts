// Access tokens: short-lived signed JWTs (jose, HS256). Refresh tokens: random, stored hashed,
// rotated on every use (see refresh-tokens.repository.ts).
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.js';
import { MINUTE } from '../../lib/clock.js';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
const ISSUER = 'kete';

/** Tokens remembered as verified; cleared whole when full (at worst some are checked again). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { userId: number; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(`access-token:${secret}`);
  }

  async sign(userId: number): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_MS / 1000)
      .sign(this.key);
  }

  /** The user id, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<number | null> {
    // A phone sends the same token with every request for 15 minutes. Its signature cannot change,
    // so check it once and remember the result; the expiry is still checked every time.
    const known = this.verified.get(token);
    if (known) return known.expiresAt > this.clock.now() ? known.userId : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || payload.exp === undefined) return null;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { userId, expiresAt: payload.exp * 1000 });
      return userId;
    } catch {
      return null;
    }
  }
}
