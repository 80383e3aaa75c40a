// Import over HTTP: pasted text, a page's HTML, and pages fetched by address from a local HTTP
// server serving real-shaped recipe pages (JSON-LD, microdata, neither), redirects included.
// The app runs with KETE_IMPORT_ALLOW_PRIVATE=1 so it may fetch from 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZRecipeDraft } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { loadMealsCatalogue } from './test/meals-catalogue.js';
import { jsonLdPage, microdataPage, pastedText, plainPage } from './test/recipe-pages.js';

let t: TestApp;
let aroha: Shopper;
let server: Server;
let base: string;
const cookiesSeen: (string | undefined)[] = [];

beforeAll(async () => {
  t = await buildTestApp({ KETE_IMPORT_ALLOW_PRIVATE: '1' });
  const cat = await loadMealsCatalogue(t);
  aroha = await signInShopper(t, 'aroha@example.com');
  await aroha.api('POST', `/stores/${cat.a}`);
  server = createServer((req, res) => {
    cookiesSeen.push(req.headers.cookie);
    const pages: Record<string, string> = {
      '/pie': jsonLdPage,
      '/pikelets': microdataPage,
      '/bolognese': plainPage,
    };
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/pie', 'set-cookie': 'session=abc; Path=/' });
      res.end();
      return;
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${'x'.repeat(2 * 1024 * 1024 + 10)}</html>`);
      return;
    }
    if (req.url === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('png');
      return;
    }
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const importing = async (body: unknown) => {
  const res = await aroha.api('POST', '/recipes/import', body);
  return res;
};

describe('recipe import', () => {
  it('reads pasted text: title, servings, ingredients, method, priced but not saved', async () => {
    const res = await importing({ text: pastedText });
    expect(res.statusCode).toBe(200);
    const draft = ZRecipeDraft.parse(res.json());
    expect(draft).toMatchObject({
      name: 'Quick kumara soup',
      servings: 4,
      readFrom: 'text',
      sourceUrl: null,
    });
    expect(draft.ingredients).toEqual([
      '1 tbsp olive oil',
      '1 onion, chopped',
      '1 kg kumara, peeled and diced',
      '1 litre chicken stock',
      '1/2 cup cream',
    ]);
    expect(draft.method?.split('\n')).toHaveLength(2);
    expect(draft.parsed[1]).toMatchObject({ name: 'onion', status: 'priced', cost: 45 });
    expect((await aroha.api('GET', '/recipes')).json()).toEqual([]);
  });

  it('reads schema.org JSON-LD from a page fetched by address, entities decoded, steps flattened', async () => {
    const res = await importing({ url: `${base}/pie` });
    expect(res.statusCode).toBe(200);
    const draft = ZRecipeDraft.parse(res.json());
    expect(draft).toMatchObject({
      name: 'Classic Kiwi mince & cheese pie',
      servings: 6,
      readFrom: 'json-ld',
      sourceUrl: `${base}/pie`,
      imageUrl: 'https://kai.example/pie-1x1.jpg',
    });
    expect(draft.ingredients).toHaveLength(8);
    expect(draft.ingredients[7]).toBe('Salt & pepper to taste');
    expect(draft.method?.split('\n')).toEqual([
      'Brown the mince and onion in a large pan.',
      'Stir in the tomato paste and stock; simmer 15 minutes.',
      'Line a pie dish with pastry, fill, top with cheese and pastry.',
      'Brush with egg and bake at 200°C for 25 minutes.',
    ]);
    expect(draft.parsed[0]).toMatchObject({ name: 'beef mince', status: 'priced', cost: 999 });
  });

  it('reads microdata when a page has no JSON-LD', async () => {
    const draft = ZRecipeDraft.parse((await importing({ url: `${base}/pikelets` })).json());
    expect(draft).toMatchObject({ name: "Nana's pikelets", servings: 20, readFrom: 'microdata' });
    expect(draft.ingredients).toEqual([
      '1 cup Edmonds standard grade flour',
      '1 tsp baking powder',
      '1/4 cup sugar',
      '1 egg',
      '¾ cup milk',
      '25 g butter, melted',
    ]);
    expect(draft.method?.split('\n')).toHaveLength(3);
    expect(draft.imageUrl).toBe('https://southern.example/pikelets.jpg');
  });

  it('reads a plain page by its headings and lists', async () => {
    const draft = ZRecipeDraft.parse((await importing({ url: `${base}/bolognese` })).json());
    expect(draft).toMatchObject({ name: 'Weeknight spaghetti bolognese', servings: 4, readFrom: 'readable' });
    expect(draft.ingredients).toEqual([
      '500g beef mince',
      '1 onion, diced',
      '2 cloves garlic, crushed',
      '2 x 400 g cans chopped tomatoes',
      '400g spaghetti',
      'Parmesan, to serve',
    ]);
    expect(draft.method?.split('\n')).toHaveLength(2);
  });

  it('reads HTML given directly', async () => {
    const draft = ZRecipeDraft.parse((await importing({ html: microdataPage })).json());
    expect(draft).toMatchObject({ name: "Nana's pikelets", readFrom: 'microdata', sourceUrl: null });
  });

  it('follows a redirect, sends no cookies and keeps none', async () => {
    cookiesSeen.length = 0;
    const draft = ZRecipeDraft.parse((await importing({ url: `${base}/moved` })).json());
    expect(draft.name).toBe('Classic Kiwi mince & cheese pie');
    expect(draft.sourceUrl).toBe(`${base}/pie`);
    expect(cookiesSeen).toEqual([undefined, undefined]);
  });

  it('answers 400 on the field for pages it cannot use', async () => {
    const missing = await importing({ url: `${base}/nothing` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.url.message).toBe('That page answered 404.');
    const huge = await importing({ url: `${base}/huge` });
    expect(huge.json().errors.url.message).toMatch(/too large/);
    const image = await importing({ url: `${base}/image` });
    expect(image.json().errors.url.message).toBe('That address is not a web page.');
    const ftp = await importing({ url: 'ftp://example.com/recipe' });
    expect(ftp.statusCode).toBe(400);
    const nothing = await importing({ text: 'Just a title' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.text.message).toMatch(/No ingredients/);
    expect((await importing({})).statusCode).toBe(400);
  });
});
