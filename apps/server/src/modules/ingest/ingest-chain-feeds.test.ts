// `kete fetch` from local shops speaking the real chains' APIs, then `kete ingest`, then the API:
// the whole path a real price takes (SQLite, and PostgreSQL with TEST_DATABASE_URL).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PromotionType } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFoodstuffsShop } from '../../test/fixtures/chains/foodstuffs-shop.js';
import { realWoolworthsItems, startWoolworthsShop } from '../../test/fixtures/chains/woolworths-shop.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { fetchCommand } from '../adapters/fetch.command.js';
import { woolworthsLine } from '../adapters/woolworths.adapter.js';
import { ingestCommand } from './ingest.command.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
const dir = mkdtempSync(join(tmpdir(), 'kete-feed-'));
// Real seeded stores: Woolworths site 9159 (fulfilment 9527, pickup 1225552), PAK'nSAVE Highland
// Park and New World Albany.
const woolworthsSite = '9159';
const paknsave = '2a1b331a-fc4a-496a-b072-e97cc8f70cae';
const newworld = '773ad0a0-024e-46c5-a94b-df1cf86d25cc';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn('feeds.owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  const ids = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('source_id', 'in', [woolworthsSite, paknsave, newworld])
    .execute();
  for (const { id } of ids) await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });
});
afterAll(() => t.close());

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

async function fetchFile(chain: string, store: string, baseUrl: string) {
  const file = join(dir, `${chain}-${store}.ndjson`);
  const { io: cliIo, err } = io();
  const code = await fetchCommand.run(
    [chain, '--store', store, '--out', file, '--base-url', baseUrl, '--interval-ms', '0'],
    t.ctx,
    cliIo,
  );
  return { code, err, file, lines: readFileSync(file, 'utf8').split('\n').filter(Boolean) };
}

async function ingest(file: string) {
  const { io: cliIo, out, err } = io();
  const code = await ingestCommand.run([file], t.ctx, cliIo);
  return { code, out, err };
}

const search = async (text: string) =>
  (
    await owner.request({ method: 'POST', url: `/api/${shortCode}/products/search`, payload: { text } })
  ).json();

describe('chain feeds through `kete fetch` and `kete ingest` into the API', () => {
  it('loads every chain: promotion kinds, weight steps, one product at both Foodstuffs chains', async () => {
    const wool = await startWoolworthsShop({
      departments: [{ slug: 'fruit-veg', name: 'Fruit & Veg', count: 20 }],
      pickup: { '1225552': 9527 },
    });
    const food = await startFoodstuffsShop({
      stores: [
        { id: paknsave, name: "PAK'nSAVE Highland Park", region: 'NI' },
        { id: newworld, name: 'New World Albany', region: 'NI' },
      ],
      categories: [{ name: 'Fruit & Vegetables', count: 15 }],
    });
    try {
      for (const [chain, store, url] of [
        ['woolworths', woolworthsSite, wool.url],
        ['paknsave', paknsave, food.url],
        ['newworld', newworld, food.url],
      ] as const) {
        const fetched = await fetchFile(chain, store, url);
        expect(fetched.code, fetched.err.join('\n')).toBe(0);
        expect(JSON.parse(fetched.lines.at(-1) ?? '{}')).toMatchObject({
          chain,
          store,
          listingComplete: true,
        });
        const loaded = await ingest(fetched.file);
        expect(loaded.code, loaded.err.join('\n')).toBe(0);
        expect(loaded.out[0]).toMatch(/ 0 bad lines skipped\.$/);
      }
    } finally {
      await wool.close();
      await food.close();
    }

    // One Cauliflower, priced at both Foodstuffs stores: NW and PnS share product ids.
    const cauliflower = (await search('cauliflower')).filter(
      (p: { name: string }) => p.name === 'Cauliflower',
    );
    expect(cauliflower).toHaveLength(1);
    expect(cauliflower[0].prices).toHaveLength(2);
    expect(cauliflower[0].prices.map((p: { promotionType: number }) => p.promotionType)).toEqual([
      PromotionType.NewPrice,
      PromotionType.NewPrice,
    ]);

    const bananas = (await search('bananas')).find((p: { name: string }) => p.name === 'Bananas');
    expect(bananas).toMatchObject({
      saleType: 1,
      minimumQuantity: 0.2,
      minimumIncrement: 0.1,
      displayUnits: 'per kg',
    });
    const avocado = (await search('avocado')).find((p: { name: string }) => p.name === 'Avocado');
    const deals = await t.ctx.db
      .selectFrom('prices')
      .select(['multibuy_quantity', 'multibuy_price', 'promotion_type'])
      .where('product_id', '=', avocado.id)
      .orderBy('promotion_type')
      .execute();
    // 4 for $3.00 at both: New World's is a Super Special, Pak'nSave's an Extra Low.
    expect(deals).toEqual([
      { multibuy_quantity: 4, multibuy_price: 300, promotion_type: PromotionType.NewWorldSuperSpecial },
      { multibuy_quantity: 4, multibuy_price: 300, promotion_type: PromotionType.PakNSaveExtraLow },
    ]);

    const cordial = (await search('thriftee cordial'))[0];
    expect(cordial.prices).toEqual([
      expect.objectContaining({
        price: 600,
        basePrice: 639,
        promotionType: PromotionType.WoolworthsClubPrice,
      }),
    ]);
    const woolBananas = (await search('fresh fruit bananas')).find((p: { name: string }) =>
      p.name.startsWith('fresh fruit bananas yellow loose'),
    );
    expect(woolBananas).toMatchObject({ saleType: 1, minimumQuantity: 0.25, minimumIncrement: 0.25 });
  });

  it('keeps a barcode Woolworths sends without its leading zeros, so the pack meets another chain and a scan', async () => {
    // A UPC-A (036000291452) as Woolworths sends some codes: 11 digits, the zero gone.
    const [template] = realWoolworthsItems;
    if (!template) throw new Error('no real items');
    const item = { ...template, sku: '990001', barcode: '36000291452', name: 'Imported Tissues 2 ply' };
    const line = woolworthsLine(item, woolworthsSite, '2026-11-20T00:00:00Z');
    expect(line?.barcode).toBe('0036000291452');
    const file = join(dir, 'short-barcode.ndjson');
    const newWorldLine = {
      chain: 'newworld',
      store: newworld,
      productKey: 'NW-TISSUES',
      barcode: '0036000291452',
      name: 'Imported Tissues 2 Ply',
      price: 450,
      observedAt: '2026-11-20T00:00:00Z',
    };
    writeFileSync(file, `${JSON.stringify(line)}\n${JSON.stringify(newWorldLine)}\n`);
    const loaded = await ingest(file);
    expect(loaded.code, loaded.err.join('\n')).toBe(0);

    // One product, priced at both chains, found by scanning the 12-digit UPC-A.
    const scanned = await search('036000291452');
    expect(scanned).toHaveLength(1);
    expect(scanned[0].prices).toHaveLength(2);
    expect((await search('36000291452'))[0]?.id).toBe(scanned[0].id);
  });

  it('writes no listingComplete and exits 1 when the shop answers for another store', async () => {
    const wool = await startWoolworthsShop({
      departments: [{ slug: 'fruit-veg', name: 'Fruit & Veg', count: 20 }],
      pickup: { '1225552': 9527 },
      ignorePickup: true,
    });
    try {
      const fetched = await fetchFile('woolworths', woolworthsSite, wool.url);
      expect(fetched.code).toBe(1);
      expect(fetched.err.join('\n')).toMatch(
        /^Refused: Woolworths answered the pickup-store choice for store 9171/,
      );
      expect(fetched.lines.some((l) => l.includes('listingComplete'))).toBe(false);
    } finally {
      await wool.close();
    }
  });

  it('reports bad lines on stderr with their numbers and exits 3', async () => {
    const file = join(dir, 'bad.ndjson');
    writeFileSync(file, '{"chain":"woolworths"}\n\nnot json\n');
    const result = await ingest(file);
    expect(result.code).toBe(3);
    expect(result.err).toEqual(['line 1: store is required', 'line 3: not valid JSON']);
  });

  it('says so when the file cannot be read', async () => {
    const result = await ingest(join(dir, 'missing.ndjson'));
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^Cannot read .*missing\.ndjson: ENOENT/);
  });
});
