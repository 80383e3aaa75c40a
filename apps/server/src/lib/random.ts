import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random string over the alphabet (crypto.randomInt has no modulo bias). */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const hmac = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
