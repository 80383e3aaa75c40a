// Access tokens: short-lived signed JWTs (jose, HS256). Refresh tokens: random, stored hashed,
// rotated on every use (see refresh-tokens.repository.ts).
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.js';
import { MINUTE } from '../../lib/clock.js';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
const ISSUER = 'kete';

export class AccessTokens {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
      });
      const userId = Number(payload.sub);
      return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    } catch {
      return null;
    }
  }
}
