// Reads one Woolworths store's listing from the online shop as the site does (docs/data-feed.md):
// a guest session, the store pinned by choosing it for pickup, then the catalogue department by
// department (the unfiltered browse stops at 10,000 items). Every answer names the store it priced
// for; an answer for another store stops the fetch.
import type { FeedPriceLine } from './feed-types.js';
import { FetchRefused, type PoliteHttp } from './polite-http.js';
import { type WoolworthsItem, woolworthsLine } from './woolworths.adapter.js';
import type { WoolworthsStoreIds } from './woolworths-store-ids.js';

export const WOOLWORTHS_WWW = 'https://www.woolworths.co.nz';
/** The most items one product query reaches; a department at the cap could be truncated. */
export const WOOLWORTHS_BROWSE_CAP = 10_000;
export const WOOLWORTHS_HEADERS = { 'x-requested-with': 'OnlineShopping.WebApp' };

interface Fulfilment {
  fulfilmentStoreId?: number | string | null;
  pickupAddressId?: number | string | null;
}

interface ProductsAnswer {
  products?: { items?: WoolworthsItem[]; totalItems?: number };
  context?: { fulfilment?: Fulfilment };
}

interface NavItem {
  label?: string;
  url?: string;
  navigationItems?: NavItem[];
  items?: NavItem[];
}

export interface Department {
  slug: string;
  name: string;
}

/** The Browse departments of the shop's shell (mainNavs -> navigationItems -> items). */
export function departmentsOf(shell: { mainNavs?: NavItem[] }): Department[] {
  const found = new Map<string, Department>();
  const walk = (nodes: NavItem[] | undefined) => {
    for (const node of nodes ?? []) {
      const slug = /^\/shop\/browse\/([^/?#]+)$/.exec(node.url ?? '')?.[1];
      if (slug && !found.has(slug)) found.set(slug, { slug, name: node.label ?? slug });
      walk(node.navigationItems);
      walk(node.items);
    }
  };
  walk(shell.mainNavs);
  return [...found.values()];
}

function checkStore(fulfilment: Fulfilment | undefined, ids: WoolworthsStoreIds, what: string) {
  const answered = fulfilment?.fulfilmentStoreId;
  if (answered === undefined || answered === null || String(answered) !== ids.fulfilmentStoreId) {
    throw new FetchRefused(
      `Woolworths answered ${what} for store ${answered ?? '(none)'}, not the asked-for store ` +
        `${ids.fulfilmentStoreId} (site ${ids.siteId}): its prices would be another store's, so nothing more is read.`,
    );
  }
}

/** A guest session pinned to the store: the site's own pickup-store choice. */
export async function pinWoolworthsStore(http: PoliteHttp, ids: WoolworthsStoreIds): Promise<void> {
  await http.request(`${WOOLWORTHS_WWW}/`, { text: true });
  await http.request(`${WOOLWORTHS_WWW}/api/v1/fulfilment/my/methods/pickup`, { method: 'PUT', body: {} });
  const chosen = await http.request<{ context?: { fulfilment?: Fulfilment } }>(
    `${WOOLWORTHS_WWW}/api/v1/fulfilment/my/pickup-addresses`,
    { method: 'PUT', body: { addressId: Number(ids.pickupAddressId) } },
  );
  checkStore(chosen.body.context?.fulfilment, ids, 'the pickup-store choice');
}

export interface WoolworthsListing {
  /** `specials`: only the promotion listing (fast, first in a refresh); `full`: every department. */
  kind: 'full' | 'specials';
  pageSize?: number;
}

async function* pages(
  http: PoliteHttp,
  query: string,
  label: string,
  ids: WoolworthsStoreIds,
  pageSize: number,
): AsyncGenerator<WoolworthsItem[]> {
  for (let page = 1; ; page++) {
    const url = `${WOOLWORTHS_WWW}/api/v1/products?${query}&size=${pageSize}&page=${page}`;
    const { body } = await http.request<ProductsAnswer>(url);
    checkStore(body.context?.fulfilment, ids, label);
    const total = body.products?.totalItems ?? 0;
    if (total >= WOOLWORTHS_BROWSE_CAP) {
      throw new FetchRefused(
        `Woolworths ${label} lists ${total} items, the browse cap: the listing would be cut short, so nothing is written.`,
      );
    }
    const items = body.products?.items ?? [];
    yield items;
    if (page * pageSize >= total) return;
    if (items.length === 0) {
      throw new FetchRefused(
        `Woolworths ${label} stopped at page ${page} of ${Math.ceil(total / pageSize)}: the listing would be partial.`,
      );
    }
  }
}

export async function* woolworthsLines(
  http: PoliteHttp,
  ids: WoolworthsStoreIds,
  observedAt: string,
  listing: WoolworthsListing,
): AsyncGenerator<FeedPriceLine> {
  const pageSize = listing.pageSize ?? 120;
  await pinWoolworthsStore(http, ids);
  const seen = new Set<string>();
  const emit = function* (items: WoolworthsItem[], department?: string) {
    for (const item of items) {
      const line = woolworthsLine(item, ids.siteId, observedAt, department);
      if (line && !seen.has(line.productKey)) {
        seen.add(line.productKey);
        yield line;
      }
    }
  };
  if (listing.kind === 'specials') {
    for await (const items of pages(
      http,
      'target=specials&useRankedSpecials=true',
      'the specials',
      ids,
      pageSize,
    ))
      yield* emit(items);
    return;
  }
  const shell = await http.request<{ mainNavs?: NavItem[] }>(`${WOOLWORTHS_WWW}/api/v1/shell`);
  const departments = departmentsOf(shell.body);
  if (departments.length === 0) {
    throw new FetchRefused(
      'Woolworths listed no departments in its shell: nothing to read the catalogue by.',
    );
  }
  for (const department of departments) {
    const filter = encodeURIComponent(`Department;;${department.slug};false`);
    const query = `target=browse&dasFilter=${filter}&inStockProductsOnly=false`;
    for await (const items of pages(http, query, `department "${department.name}"`, ids, pageSize))
      yield* emit(items, department.name);
  }
}
