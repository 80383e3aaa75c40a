// The one-click unsubscribe link's token: the user id and an HMAC of it under the server's secret,
// so it works without signing in and cannot be made for anyone else without the secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`price-alerts-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: number) => `${userId}.${mac(secret, userId)}`;

/** The user the token was made for, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
