// Pages through a chain's product search and yields feed lines for one store.

import type { FeedPriceLine } from './feed-types.js';
import { type FoodstuffsChain, type FoodstuffsPage, foodstuffsLine } from './foodstuffs.adapter.js';
import type { politeHttp } from './polite-http.js';
import { type WoolworthsPage, woolworthsLine } from './woolworths.adapter.js';

type Http = ReturnType<typeof politeHttp>;

export const defaultBaseUrls = {
  woolworths: 'https://www.woolworths.co.nz',
  newworld: 'https://www.newworld.co.nz',
  paknsave: 'https://www.paknsave.co.nz',
};

/** Woolworths' store is chosen by the shopper's session on the site; `store` labels the lines. */
export async function* woolworthsLines(
  http: Http,
  baseUrl: string,
  store: string,
  observedAt: string,
  pageSize = 48,
): AsyncGenerator<FeedPriceLine> {
  for (let page = 1; ; page++) {
    const url = `${baseUrl}/api/v1/products?target=browse&search=&size=${pageSize}&page=${page}`;
    const body = await http.getJson<WoolworthsPage>(url);
    const items = body.products?.items ?? [];
    for (const item of items) {
      const line = woolworthsLine(item, store, observedAt);
      if (line) yield line;
    }
    if (items.length === 0 || page * pageSize >= body.products.totalItems) return;
  }
}

export async function* foodstuffsLines(
  http: Http,
  chain: FoodstuffsChain,
  baseUrl: string,
  store: string,
  observedAt: string,
  hitsPerPage = 50,
): AsyncGenerator<FeedPriceLine> {
  for (let page = 0; ; page++) {
    const url = `${baseUrl}/api/stores/${encodeURIComponent(store)}/products?page=${page}&hitsPerPage=${hitsPerPage}`;
    const body = await http.getJson<FoodstuffsPage>(url);
    for (const product of body.products ?? []) yield foodstuffsLine(chain, product, store, observedAt);
    if ((body.products ?? []).length === 0 || page + 1 >= body.totalPages) return;
  }
}
