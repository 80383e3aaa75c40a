// Woolworths keeps three ids per store: the CDX site id (Kete's source_id), the online shop's
// fulfilment store id (what prices are for; answered back as context.fulfilment.fulfilmentStoreId)
// and the pickup address id (what the shop's pickup-address call takes). For most stores they all
// differ, so the map (seed-data/woolworths-online-ids.csv, see its README) is the only way to ask
// the online shop for the right store.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export interface WoolworthsStoreIds {
  siteId: string;
  fulfilmentStoreId: string;
  pickupAddressId: string;
}

const csvPath = new URL('../../../seed-data/woolworths-online-ids.csv', import.meta.url);

let cache: Map<string, WoolworthsStoreIds> | undefined;

export function woolworthsStoreIds(): Map<string, WoolworthsStoreIds> {
  if (!cache) {
    const rows: Record<string, string>[] = parse(readFileSync(csvPath), {
      columns: true,
      skip_empty_lines: true,
    });
    // A site the online shop does not serve (Flaxmere) has empty ids: it cannot be fetched.
    const served = rows.filter((r) => r.fulfilment_store_id && r.pickup_address_id);
    cache = new Map(
      served.map((r) => [
        String(r.site_id),
        {
          siteId: String(r.site_id),
          fulfilmentStoreId: String(r.fulfilment_store_id),
          pickupAddressId: String(r.pickup_address_id),
        },
      ]),
    );
  }
  return cache;
}
