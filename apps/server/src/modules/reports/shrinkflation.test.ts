// Issue 33 item 7: a feed that changes a product's pack size is recorded; the product answer, the
// store's specials and the digest say so. Through the real ingest and the real SMTP test server.
import { sizeChangeText, ZProduct, ZSpecialsPage } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChangedHere } from '../../lib/catalogue-cache.js';
import { DAY } from '../../lib/clock.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { digestSubject, sendDueAlerts } from '../alerts/alerts.service.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { addWorkspaceStore } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';

let t: TestApp;
let at = 0;
let aroha: Shopper;
const ids = { chips: 0, tea: 0, newWorld: 0, woolworths: 0 };
const nw = stores.newWorldAlbany;
const ww = stores.woolworthsFlaxmere;
const chips = { productKey: 'GW', name: 'Grain Waves Sour Cream', brand: 'Grain Waves', price: 400 };
const tea = { productKey: 'TB', name: 'Black Tea Bags', brand: 'Dilmah', size: '100 pack', price: 650 };
const EXPECTED = 'Smaller pack since 20 Nov: 500 g → 450 g, +11% per kg';

const changes = () => t.ctx.db.selectFrom('product_size_changes').selectAll().orderBy('changed_at').execute();

beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  await ingestLines(t.ctx, [
    priceLine(nw, { ...chips, size: '500g', observedAt: now - 40 * DAY }),
    priceLine(nw, { ...tea, observedAt: now - 40 * DAY }),
    priceLine(ww, { ...tea, observedAt: now - 40 * DAY }),
  ]);
  const id = async (key: string) =>
    (
      await t.ctx.db
        .selectFrom('product_sources')
        .select('product_id')
        .where('product_key', '=', key)
        .executeTakeFirstOrThrow()
    ).product_id;
  ids.chips = await id('GW');
  ids.tea = await id('TB');
  const storeRows = await t.ctx.db.selectFrom('stores').select(['id', 'source_id']).execute();
  ids.newWorld = storeRows.find((s) => s.source_id === nw.store)?.id ?? -1;
  ids.woolworths = storeRows.find((s) => s.source_id === ww.store)?.id ?? -1;
  aroha = await signInShopper(t, 'aroha@example.com');
  for (const store of [ids.newWorld, ids.woolworths])
    await addWorkspaceStore(t.ctx.db, aroha.workspaceId, store);
  expect((await aroha.api('POST', `/favourites/${ids.chips}`)).statusCode).toBe(200);
  expect((await aroha.api('POST', `/favourites/${ids.tea}`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a pack size changed by a feed', () => {
  it('is recorded by the ingest (from, to, when, the shelf prices); an unchanged size is not', async () => {
    expect(await changes()).toEqual([]);
    // A later run (the products' rows are stamped with the run's time: the snapshot sees them change).
    t.clock.advance(60_000);
    at = t.clock.now() - DAY;
    // Same price, smaller pack; the tea's lines say the same size (and once respelt).
    await ingestLines(t.ctx, [
      priceLine(nw, { ...chips, size: '450g', observedAt: at }),
      priceLine(nw, { ...tea, observedAt: at }),
      priceLine(ww, { ...tea, size: '100pack', observedAt: at }),
    ]);
    const rows = await changes();
    expect(rows.map((r) => ({ ...r, changed_at: Number(r.changed_at) }))).toEqual([
      {
        product_id: ids.chips,
        changed_at: at,
        from_size: '500g',
        to_size: '450g',
        from_price: 400,
        to_price: 400,
      },
    ]);
    // The same feed again records nothing more.
    await ingestLines(t.ctx, [priceLine(nw, { ...chips, size: '450g', observedAt: at + 1000 })]);
    expect(await changes()).toHaveLength(1);
    // This process hears of the change at once, as the server's own ingest announces it (another
    // program's ingest is seen within a second: lib/catalogue-version.ts).
    catalogueChangedHere();
  });

  it("is the product answer's sizeChange, worded for the drawer", async () => {
    const res = await aroha.api('GET', `/products/${ids.chips}`);
    expect(res.statusCode, res.body).toBe(200);
    const product = ZProduct.parse(res.json());
    expect(product.displayUnits).toBe('450g');
    expect(product.sizeChange).toEqual({
      from: '500g',
      to: '450g',
      at,
      fromPrice: 400,
      toPrice: 400,
    });
    expect(sizeChangeText(product.sizeChange as NonNullable<typeof product.sizeChange>)).toBe(EXPECTED);
    const unchanged = ZProduct.parse((await aroha.api('GET', `/products/${ids.tea}`)).json());
    expect(unchanged.sizeChange).toBeUndefined();
  });

  it("is listed with the specials of a store that prices it ('Smaller pack'), for 30 days", async () => {
    const page = async (storeId: number) => {
      const res = await aroha.api('GET', `/stores/${storeId}/specials`);
      expect(res.statusCode, res.body).toBe(200);
      return ZSpecialsPage.parse(res.json());
    };
    const atNewWorld = await page(ids.newWorld);
    expect(atNewWorld.shrank?.map((p) => [p.id, p.sizeChange?.to])).toEqual([[ids.chips, '450g']]);
    expect(atNewWorld.shrank?.[0]?.prices.map((p) => p.storeId)).toContain(ids.newWorld);
    expect((await page(ids.woolworths)).shrank).toEqual([]);
    const second = await aroha.api('GET', `/stores/${ids.newWorld}/specials?page=2`);
    expect(ZSpecialsPage.parse(second.json()).shrank).toBeUndefined();
  });

  it("puts a favourite that shrank in the digest as 'Shrank'", async () => {
    expect((await sendDueAlerts(t.ctx)).sent).toBe(1);
    const mail = t.smtp.messages.find((m) => m.to === aroha.email && m.subject === digestSubject);
    expect(mail?.text).toContain(`- Grain Waves Grain Waves Sour Cream: Shrank. ${EXPECTED}`);
    expect(mail?.text).not.toContain('Black Tea Bags');
    expect(mail?.text).not.toContain('Prices dropped');
  });

  it('leaves the specials 30 days after the change', async () => {
    t.clock.advance(30 * DAY);
    aroha = await signInShopper(t, 'aroha@example.com');
    const res = await aroha.api('GET', `/stores/${ids.newWorld}/specials`);
    expect(ZSpecialsPage.parse(res.json()).shrank).toEqual([]);
  });
});
