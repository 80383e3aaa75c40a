// The import's address guard without KETE_IMPORT_ALLOW_PRIVATE: loopback, private, link-local
// and mapped addresses are refused, by literal address, by a name that resolves to one, and after
// a redirect from an allowed hop; and the route answers it on the url field.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../lib/public-address.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { fetchRecipePage } from './guarded-fetch.js';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/to-private') {
      res.writeHead(301, { location: `http://10.0.0.1:${port}/inside` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Inside</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '203.97.78.1', '172.32.0.1', '2404:6800:4006:80a::200e'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('fetchRecipePage without the setting', () => {
  const refuse = (url: string) =>
    expect(fetchRecipePage(url, { allowPrivate: false })).rejects.toThrow(/not a public/);

  it('refuses 127.0.0.1, 10.x and ::1 written in the address, before connecting', async () => {
    hits = 0;
    await refuse(`http://127.0.0.1:${port}/`);
    await refuse('http://10.0.0.8/recipe');
    await refuse(`http://[::1]:${port}/`);
    await refuse(`http://[::ffff:127.0.0.1]:${port}/`);
    expect(hits).toBe(0);
  });

  it('refuses a name that resolves to a private address', async () => {
    hits = 0;
    await refuse(`http://localhost:${port}/`);
    expect(hits).toBe(0);
  });

  it('checks every redirect hop', async () => {
    // Allowed only for the first hop; the redirect to 10.0.0.1 is refused on its own.
    await expect(
      fetchRecipePage(`http://127.0.0.1:${port}/to-private`, { allowPrivate: false }),
    ).rejects.toThrow(/not a public/);
  });

  it('refuses other schemes and addresses with credentials', async () => {
    await expect(fetchRecipePage('file:///etc/passwd', { allowPrivate: false })).rejects.toThrow(/http/);
    await expect(fetchRecipePage('http://user:pw@example.com/', { allowPrivate: false })).rejects.toThrow(
      /not a public/,
    );
  });

  it('fetches from private addresses only with the setting', async () => {
    const page = await fetchRecipePage(`http://127.0.0.1:${port}/`, { allowPrivate: true });
    expect(page.html).toContain('Inside');
  });
});

describe('the import route without the setting', () => {
  let t: TestApp;
  let aroha: Shopper;
  beforeAll(async () => {
    t = await buildTestApp();
    aroha = await signInShopper(t, 'aroha@example.com');
  });
  afterAll(() => t.close());

  it.each(['http://127.0.0.1/recipe', 'http://10.1.1.1/recipe', 'http://[::1]/recipe'])(
    'answers 400 on url for %s',
    async (url) => {
      const res = await aroha.api('POST', '/recipes/import', { url });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.url.message).toBe('That address is not a public web page.');
    },
  );
});
