// Walks EVERY registered /api/:shortCode/... route, including those other modules add later: a
// non-member gets 403 for all of them, a Shared member 403 for the Owner's actions, and a refused
// request changes nothing in any table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore, createProduct, setPrice } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { type RegisteredRoute, registeredRoutes } from '../shopping/test/route-list.js';
import { snapshotTables } from '../shopping/test/table-snapshot.js';

let t: TestApp;
let owner: Shopper;
let shared: Shopper;
let outsider: Shopper;
let workspaceRoutes: RegisteredRoute[];
const params: Record<string, string> = {};
/** A second product, so 'Treat as the same' has two (issue 33). */
let otherProduct: number;

/** A member's own access (accept, decline, leave: decision 0017): theirs, not the Owner's. */
const ownAccess = ({ url }: RegisteredRoute) => url === '/api/:shortCode/access/me';

/** Spec section 6: only the Owner changes stores; sharing and naming the workspace are the Owner's. */
function ownerOnly(route: RegisteredRoute): boolean {
  const { method, url } = route;
  const changes = method !== 'GET' && method !== 'HEAD';
  return (
    (url === '/api/:shortCode' && changes) ||
    (url.startsWith('/api/:shortCode/access') && !ownAccess(route)) ||
    // A store's aisle order is any member's to set (issue 35); choosing stores is the Owner's.
    (url.startsWith('/api/:shortCode/stores') && changes && !url.endsWith('/aisle-order'))
  );
}

// Leaving comes last of all: the Shared member walks every other route as a member first.
const walkOrder = (route: RegisteredRoute) =>
  ownerOnly(route) ? 0 : ownAccess(route) ? 3 : route.method === 'DELETE' ? 2 : 1;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInShopper(t, 'owner@example.com');
  shared = await signInShopper(t, 'shared@example.com');
  outsider = await signInShopper(t, 'outsider@example.com');
  await shareWith(owner, shared);
  expect((await owner.api('POST', '/access', { email: 'pending@example.com' })).statusCode).toBe(200);

  // Real things for every parameter to point at, so a missing check would visibly change data.
  const product = await createProduct(t.ctx.db, { name: 'Flat white beans' });
  otherProduct = await createProduct(t.ctx.db, { name: 'Long black beans' });
  await addWorkspaceStore(t.ctx.db, owner.workspaceId, 1);
  await setPrice(t.ctx.db, product, 1, 1299);
  await owner.api('POST', '/cart', { productId: product, quantity: 2 });
  await owner.api('POST', `/favourites/${product}`);
  const list = (await owner.api('POST', '/lists', { name: 'Weekly', productId: product })).json();
  const recipe = (
    await owner.api('POST', '/recipes', { name: 'Soup', servings: 2, ingredients: ['1 onion'] })
  ).json();
  Object.assign(params, {
    id: String(recipe.id),
    shortCode: owner.shortCode,
    productId: String(product),
    listId: String(list.id),
    storeId: '1',
    email: 'pending@example.com',
    date: '2026-11-25',
  });

  workspaceRoutes = registeredRoutes(t.app)
    .filter((route) => route.url.startsWith('/api/:shortCode'))
    // The Owner's actions first and deletions last, so each request finds what it points at.
    .sort((a, b) => walkOrder(a) - walkOrder(b));
});
afterAll(() => t.close());

/** A valid body for any route that takes one, so only authorization can stop it. */
const body = {
  quantity: 1,
  name: 'Taken over',
  email: 'intruder@example.com',
  sharedName: 'Taken over',
  text: 'milk',
  // The household's own routes (issues 34, 35): aisle order, a trip, a recipe, a day's meals.
  categories: ['produce'],
  storeId: 1,
  // A shopper's report of a wrong price (issue 33 item 5).
  kind: 'price',
  servings: 2,
  ingredients: ['1 onion'],
  entries: [],
  from: '2026-11-23',
  to: '2026-11-29',
};

function call(who: Shopper | null, { method, url }: RegisteredRoute) {
  // A bare ":id" names whatever the segment before it names: /products/:id, /lists/:id.
  const segments = url.split('/');
  const path = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const before = segments[i - 1] ?? '';
      const key = name === 'id' ? ({ products: 'productId', lists: 'listId' }[before] ?? name) : name;
      return encodeURIComponent(params[key] ?? '1');
    })
    .join('/');
  // A week's meals are read for a range of days (issue 34); a list's outlooks for its ids (issue 46).
  const reads = method === 'GET' || method === 'HEAD';
  const query =
    reads && url.endsWith('/meals')
      ? `?from=${body.from}&to=${body.to}`
      : reads && url.endsWith('/outlooks')
        ? `?ids=${params.productId}`
        : '';
  const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  const payload = withBody
    ? { ...body, productId: Number(params.productId), productIds: [Number(params.productId), otherProduct] }
    : undefined;
  return t.app.inject({
    method: method as 'GET',
    url: path + query,
    ...(payload ? { payload } : {}),
    headers: who ? who.headers : {},
  });
}

/** Like call(), but a stream that was let through (live events) is closed once it has started. */
async function status(
  who: Shopper | null,
  route: RegisteredRoute,
): Promise<{ statusCode: number; body: string }> {
  if (!route.url.endsWith('/events')) return call(who, route);
  const res = await t.app.inject({
    method: 'GET',
    url: route.url.replace(':shortCode', encodeURIComponent(params.shortCode ?? '')),
    headers: who ? who.headers : {},
    payloadAsStream: true,
  });
  const stream = res.stream();
  const body = res.statusCode === 200 ? '(event stream)' : await streamText(stream);
  stream.destroy();
  return { statusCode: res.statusCode, body };
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('every /api/{shortCode}/... route', () => {
  it('is found in the route table, including every shopping route', () => {
    const names = workspaceRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/:shortCode/cart',
      'POST /api/:shortCode/cart',
      'PUT /api/:shortCode/cart',
      'DELETE /api/:shortCode/cart/:productId',
      'POST /api/:shortCode/lists',
      'GET /api/:shortCode/lists/:listId',
      'PUT /api/:shortCode/lists/:listId',
      'DELETE /api/:shortCode/lists/:listId',
      'POST /api/:shortCode/lists/:listId/:productId',
      'DELETE /api/:shortCode/lists/:listId/:productId',
      'POST /api/:shortCode/lists/:listId/cart',
      'POST /api/:shortCode/favourites/:productId',
      'DELETE /api/:shortCode/favourites/:productId',
      'POST /api/:shortCode/products/:id/reports',
      'POST /api/:shortCode/access',
      'GET /api/:shortCode/access',
      'DELETE /api/:shortCode/access/:email',
      'POST /api/:shortCode/access/me',
      'DELETE /api/:shortCode/access/me',
      'PUT /api/:shortCode',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('needs a session', async () => {
    for (const route of workspaceRoutes) {
      expect((await status(null, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a non-member and changes nothing', async () => {
    for (const route of workspaceRoutes) {
      const before = await snapshotTables(t.ctx);
      const res = await status(outsider, route);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(await snapshotTables(t.ctx), `${route.method} ${route.url}`).toEqual(before);
    }
  });

  it("answers 403 to a Shared member for the Owner's actions, changing nothing, and lets them do the rest", async () => {
    const refused: string[] = [];
    for (const route of workspaceRoutes) {
      const before = await snapshotTables(t.ctx);
      const res = await status(shared, route);
      const name = `${route.method} ${route.url}: ${res.body}`;
      if (ownerOnly(route)) {
        expect(res.statusCode, name).toBe(403);
        expect(await snapshotTables(t.ctx), name).toEqual(before);
        refused.push(route.url);
      } else {
        expect(res.statusCode, name).not.toBe(403);
        expect(res.statusCode, name).toBeLessThan(500);
      }
    }
    expect(refused).toContain('/api/:shortCode/access');
  });
});
