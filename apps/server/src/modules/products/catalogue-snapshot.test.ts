// The per-process snapshot of products and their search index sees every catalogue change: one
// announced by an ingest at once, one made by another program (which moves the catalogue's
// version, lib/catalogue-version.ts) within about a second.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceCatalogueChanged } from '../../lib/catalogue-cache.js';
import { VERSION_CHECK_MS } from '../../lib/catalogue-version.js';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { catalogueSnapshot } from './catalogue-snapshot.js';
import { indexProducts } from './search/search-index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogue(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A product written straight into the tables, as the operators' CLI (another program) would. */
async function addElsewhere(name: string): Promise<number> {
  const now = Date.now();
  const { id } = await t.ctx.db
    .insertInto('products')
    .values({
      name,
      brand: 'Kapiti',
      display_units: '1L',
      sale_type: 0,
      minimum_quantity: 1,
      minimum_increment: 1,
      image_url: null,
      category: 'Frozen',
      created_at: now,
      updated_at: now,
      withdrawn_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await indexProducts(t.ctx.db, t.ctx.dialect, [
    { id, name, brand: 'Kapiti', displayUnits: '1L', category: 'Frozen' },
  ]);
  return id;
}

/** What another program's ingest does once it has committed: a new catalogue version. */
async function moveVersionElsewhere() {
  const value = `elsewhere-${Math.random()}`;
  await t.ctx.db
    .insertInto('catalogue_facts')
    .values({ key: 'catalogue-version', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

const snapshot = () => catalogueSnapshot(t.ctx.db, t.ctx.dialect);

describe('the catalogue snapshot', () => {
  it('holds every product row and finds them by their words', async () => {
    const { products, index } = await snapshot();
    const rows = await t.ctx.db.selectFrom('products').select(['id', 'name']).execute();
    expect(products.size).toBe(rows.length);
    const weetBix = rows.find((r) => r.name === 'Weet-Bix Breakfast Cereal');
    expect(index.match(['weet', 'bix'], { any: false, limit: 5 })[0]).toBe(weetBix?.id);
  });

  it("sees another program's change within a second, and an announced one at once", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = await snapshot();
    const hokeyPokey = await addElsewhere('Hokey Pokey Ice Cream');
    // Written, but not committed as an ingest is (no new version): nothing to see yet.
    expect((await snapshot()).products.has(hokeyPokey)).toBe(false);
    await moveVersionElsewhere();
    vi.setSystemTime(Date.now() + VERSION_CHECK_MS + 1);
    await vi.waitFor(async () =>
      expect((await snapshot()).products.get(hokeyPokey)?.name).toBe('Hokey Pokey Ice Cream'),
    );
    const after = await snapshot();
    expect(after).not.toBe(before);
    // Through search, which stems what is typed as the index stems names ('hokey' is kept as 'hokei').
    expect(after.index.search(['hokey', 'pok'], 5)).toEqual([hokeyPokey]);

    const boysenberry = await addElsewhere('Boysenberry Ripple Ice Cream');
    announceCatalogueChanged();
    expect((await snapshot()).index.search(['boysen'], 5)).toEqual([boysenberry]);
  });

  it('is kept as it is while the products have not changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await snapshot();
    announceCatalogueChanged();
    vi.setSystemTime(Date.now() + 60_000);
    expect(await snapshot()).toBe(first);
  });
});
