// A push service for the tests (RFC 8030), on a local port: it holds each subscription's private
// keys, as a browser does, decrypts every message it is sent (RFC 8291, aes128gcm) and checks the
// VAPID JWT's ES256 signature against the key in the Authorization header (RFC 8292).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The subscription's id (the endpoint's last path segment). */
  id: string;
  payload: unknown;
  /** The VAPID JWT's claims, checked: signed by `publicKey` (the k= of the header). */
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
  ttl: string | undefined;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Held {
  ecdh: ECDH;
  auth: Buffer;
  /** What the service answers for this subscription (201; 410 once it is 'gone'). */
  status: number;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188: one record, the sender's key in the header. */
export function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>` and answers the JWT's claims. */
export function verifyVapid(header: string | undefined): {
  claims: ReceivedPush['claims'];
  publicKey: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [head, payload, signature] = match[1].split('.');
  if (!head || !payload || !signature) throw new Error('not a JWT');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), publicKey: match[2] };
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  readonly errors: string[] = [];
  private readonly held = new Map<string, Held>();
  private server: Server | null = null;
  private base = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = (request.url ?? '').split('/').pop() ?? '';
        const held = this.held.get(id);
        if (!held) {
          response.writeHead(404).end();
          return;
        }
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const vapid = verifyVapid(request.headers.authorization);
          const payload = JSON.parse(decrypt(Buffer.concat(chunks), held.ecdh, held.auth).toString('utf8'));
          if (held.status < 300) {
            this.received.push({ id, payload, ...vapid, ttl: request.headers.ttl as string | undefined });
          }
          response.writeHead(held.status).end();
        } catch (error) {
          this.errors.push((error as Error).message);
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription: its keys stay here, the public parts go to the server. */
  subscribe(): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    this.held.set(id, { ecdh, auth, status: 201 });
    return {
      endpoint: `${this.base}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** From now on the service answers this status for the subscription (e.g. 500, then 201 again). */
  answer(subscription: TestSubscription, status: number): void {
    const held = this.held.get(subscription.endpoint.split('/').pop() ?? '');
    if (held) held.status = status;
  }

  /** From now on the service answers 410 Gone for it (the browser dropped the subscription). */
  gone(subscription: TestSubscription): void {
    this.answer(subscription, 410);
  }

  for(subscription: TestSubscription): ReceivedPush[] {
    const id = subscription.endpoint.split('/').pop();
    return this.received.filter((r) => r.id === id);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
