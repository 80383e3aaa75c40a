// Reads one New World or Pak'nSave store's listing the way their websites do (docs/data-feed.md):
// a guest token from the website, the store chosen in each search request, the catalogue walked
// category by category from the store's own category list, narrowed to sub-categories wherever a
// search reaches the 1,000-hit cap, and checked against the store's whole count at the end.
import type { FeedPriceLine } from './feed-types.js';
import { type FoodstuffsChain, type FoodstuffsProduct, foodstuffsLine } from './foodstuffs.adapter.js';
import { FetchRefused, type PoliteHttp } from './polite-http.js';

export const foodstuffsHosts: Record<FoodstuffsChain, { www: string; api: string }> = {
  newworld: { www: 'https://www.newworld.co.nz', api: 'https://api-prod.newworld.co.nz' },
  paknsave: { www: 'https://www.paknsave.co.nz', api: 'https://api-prod.paknsave.co.nz' },
};
/** Algolia behind the search returns at most this many hits of one query, whatever the paging. */
export const FOODSTUFFS_SEARCH_CAP = 1000;
const HITS_PER_PAGE = 50;
/** Renew this long before the token's stated expiry, so a request never carries a dying token. */
const RENEW_BEFORE_MS = 60_000;

export interface FoodstuffsStore {
  id: string;
  name?: string;
  region?: string;
  openingHours?: { day?: string; dayShort?: string; open?: string; close?: string }[];
}

export interface FoodstuffsCategory {
  name: string;
  children?: FoodstuffsCategory[] | null;
}

interface SearchAnswer {
  products?: FoodstuffsProduct[];
  totalHits?: number;
  totalPages?: number;
  page?: number;
}

/** The `exp` of a JWT in epoch ms, or undefined when the token does not say. */
function jwtExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The website's guest session: a bearer token from get-current-user, renewed when it runs out. */
export function foodstuffsSession(http: PoliteHttp, chain: FoodstuffsChain, now: () => number = Date.now) {
  const { www, api } = foodstuffsHosts[chain];
  let token: string | undefined;
  let expiresAt = 0;
  const fingerprint = crypto.randomUUID().replaceAll('-', '');

  async function signIn(): Promise<string> {
    const { body } = await http.request<{ access_token?: string; expires_time?: string }>(
      `${www}/api/user/get-current-user`,
      { method: 'POST', body: { fingerprintUser: fingerprint, fingerprintGuest: 'kete' } },
    );
    // The token comes in the answer (access_token) or only as the fs-user-token cookie.
    const fresh = body.access_token ?? http.jar.get(www, 'fs-user-token');
    if (!fresh) throw new FetchRefused(`${new URL(www).host} gave no guest token: the shop cannot be read.`);
    token = fresh;
    expiresAt =
      (body.expires_time ? Date.parse(body.expires_time) : undefined) ??
      jwtExpiry(fresh) ??
      now() + 10 * 60_000;
    return fresh;
  }

  async function call<T>(path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const bearer = token && now() < expiresAt - RENEW_BEFORE_MS ? token : await signIn();
      const answer = await http.request<T>(`${api}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${bearer}`, origin: www, referer: `${www}/` },
        body,
        pass: [401],
      });
      if (answer.status !== 401) return answer.body;
      // The token ran out early (or was revoked): one new one, then give up.
      token = undefined;
      if (attempt > 0) throw new FetchRefused(`${new URL(api).host} refused a fresh guest token (401).`, 401);
    }
  }
  return { call, api, www };
}

export interface FoodstuffsListing {
  kind: 'full' | 'specials';
}

export async function* foodstuffsLines(
  http: PoliteHttp,
  chain: FoodstuffsChain,
  storeId: string,
  observedAt: string,
  listing: FoodstuffsListing,
  onStore?: (store: FoodstuffsStore) => void,
): AsyncGenerator<FeedPriceLine> {
  const session = foodstuffsSession(http, chain);
  const stores = await session.call<{ stores?: FoodstuffsStore[] }>('/v1/edge/store');
  const store = stores.stores?.find((s) => s.id === storeId);
  if (!store) {
    throw new FetchRefused(
      `${chain} store ${storeId} is not in the chain's online store list: nothing to read.`,
    );
  }
  onStore?.(store);
  const region = store.region === 'SI' ? 'SI' : 'NI';
  // The site keeps the chosen store in cookies too; the search itself takes it in the body.
  http.jar.set(session.api, 'eCom_STORE_ID', storeId);
  http.jar.set(session.api, 'STORE_ID_V2', `${storeId}|False`);
  http.jar.set(session.api, 'Region', region);

  const base =
    listing.kind === 'specials' ? `stores:${storeId} AND onPromotion:${storeId}` : `stores:${storeId}`;
  const search = (filters: string, page: number, hitsPerPage = HITS_PER_PAGE) =>
    session.call<SearchAnswer>('/v1/edge/search/paginated/products', {
      algoliaQuery: {
        attributesToHighlight: [],
        facets: ['brand', `category0${region}`, `category1${region}`, 'onPromotion'],
        filters,
        hitsPerPage,
        maxValuesPerFacet: 100,
        page,
      },
      algoliaFacetQueries: [],
      storeId,
      hitsPerPage,
      page,
      sortOrder: `${region}_POPULARITY_ASC`,
      tobaccoQuery: false,
      precisionMedia: {
        adDomain: 'CATEGORY_PAGE',
        adPositions: [],
        publishImpressionEvent: false,
        disableAds: true,
      },
    });

  const expected = (await search(base, 0, 1)).totalHits ?? 0;
  const categoriesAnswer = await session.call<FoodstuffsCategory[] | { categories?: FoodstuffsCategory[] }>(
    `/v1/edge/store/${encodeURIComponent(storeId)}/categories`,
  );
  const categories = Array.isArray(categoriesAnswer) ? categoriesAnswer : (categoriesAnswer.categories ?? []);
  const seen = new Set<string>();
  const quote = (name: string) => `"${name.replaceAll('"', '\\"')}"`;

  async function* walk(path: string[], node: FoodstuffsCategory): AsyncGenerator<FeedPriceLine> {
    const filters = [base, ...path.map((name, level) => `category${level}${region}:${quote(name)}`)].join(
      ' AND ',
    );
    const label = path.join(' > ');
    const first = await search(filters, 0);
    if ((first.totalHits ?? 0) >= FOODSTUFFS_SEARCH_CAP) {
      const children = node.children ?? [];
      if (children.length === 0 || path.length >= 3) {
        throw new FetchRefused(
          `${chain} category "${label}" has ${first.totalHits} products, over the search's ${FOODSTUFFS_SEARCH_CAP}-hit cap, ` +
            'and no sub-categories to narrow it: the listing would be cut short, so nothing is written.',
        );
      }
      for (const child of children) yield* walk([...path, child.name], child);
      return;
    }
    let answer = first;
    for (let page = 0; ; page++) {
      if (page > 0) answer = await search(filters, page);
      for (const product of answer.products ?? []) {
        if (seen.has(product.productId)) continue;
        seen.add(product.productId);
        const line = foodstuffsLine(chain, product, storeId, observedAt, path[0]);
        if (line) yield line;
      }
      if (page + 1 >= (answer.totalPages ?? 0) || (answer.products ?? []).length === 0) break;
    }
  }

  for (const category of categories) yield* walk([category.name], category);
  if (seen.size < expected) {
    throw new FetchRefused(
      `${chain} store ${storeId} lists ${expected} products but its categories held ${seen.size}: ` +
        'the listing would be partial, so it does not end as complete.',
    );
  }
}
