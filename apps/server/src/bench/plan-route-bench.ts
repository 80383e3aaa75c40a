// npm run bench:plan-route: the plan as the route computes it, database reads included (the
// shopping list, 'Any brand' alternatives, prices with multibuys) over a fresh SQLite database
// (or DATABASE_URL's PostgreSQL, which should be empty): 100 listed items, 20 of them 'Any brand'
// with 5 alternatives each, 20 stores, in a catalogue of 3,000 more products. Prints median and p95.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindKey, type PlanRequest } from '@kete/shared';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { planService } from '../modules/shopping/plan.service.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const kinds = ['Milk', 'Bread', 'Butter', 'Cheese', 'Yoghurt', 'Eggs', 'Rice', 'Pasta', 'Flour', 'Sugar'];

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-plan-bench-'));
  const config = loadConfig({
    ...process.env,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: '0',
    KETE_SECRET: 'bench-secret-'.repeat(4),
  });
  const ctx = await createContext(config, { startTasks: false });
  const { db } = ctx;
  const r = random(13);
  const now = Date.now();
  const stores = await db
    .selectFrom('stores')
    .select('id')
    .where('latitude', 'is not', null)
    .orderBy('id')
    .limit(20)
    .execute();
  const user = await db
    .insertInto('users')
    .values({ email: 'bench@example.com', display_name: 'Bench', features: '[]', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workspace = await db
    .insertInto('workspaces')
    .values({ short_code: 'benchplan', shared_name: null, owner_user_id: user.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('workspace_stores')
    .values(stores.map((s) => ({ workspace_id: workspace.id, store_id: s.id, created_at: now })))
    .execute();

  const addProduct = async (name: string, brand: string, category: string, usual: number) => {
    const row = await db
      .insertInto('products')
      .values({
        name,
        brand,
        display_units: '1kg',
        sale_type: 0,
        minimum_quantity: 1,
        minimum_increment: 1,
        image_url: null,
        category,
        created_at: now,
        updated_at: now,
        withdrawn_at: null,
        kind_key: kindKey({ name, brand }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const prices = stores
      .filter(() => r() < 0.75)
      .map((s) => {
        const base = Math.round(usual * (0.85 + r() * 0.35));
        const deal = r() < 0.1;
        return {
          store_id: s.id,
          product_id: row.id,
          price: r() < 0.25 ? Math.round(base * 0.8) : base,
          base_price: base,
          comparative_price: null,
          comparative_measure: null,
          promotion_type: 0,
          multibuy_quantity: deal ? 2 : null,
          multibuy_price: deal ? Math.round(base * 1.7) : null,
          observed_at: now,
        };
      });
    if (prices.length) await db.insertInto('prices').values(prices).execute();
    return row.id;
  };

  // The rest of the catalogue: 3,000 products of the same few kinds, so the alternatives'
  // name search reads a real number of rows.
  for (let i = 0; i < 3000; i++) {
    const kind = kinds[i % kinds.length] as string;
    await addProduct(`Variety ${i} ${kind}`, `Brand ${i % 40}`, kind.toLowerCase(), 300 + (i % 900));
  }
  for (let i = 0; i < 100; i++) {
    const kind = kinds[i % kinds.length] as string;
    const name = `Listed ${i} ${kind}`;
    const usual = 150 + Math.floor(r() * 1350);
    const id = await addProduct(name, 'Brand A', kind.toLowerCase(), usual);
    const anyBrand = i % 5 === 0;
    if (anyBrand)
      for (let b = 0; b < 5; b++) await addProduct(name, `Brand ${b + 1}`, kind.toLowerCase(), usual);
    await db
      .insertInto('cart_items')
      .values({
        workspace_id: workspace.id,
        product_id: id,
        quantity_units: (1 + Math.floor(r() * 4)) * 10_000,
        created_at: now + i,
        updated_at: now + i,
        any_brand: anyBrand ? 1 : 0,
      })
      .execute();
  }

  const plans = planService(ctx);
  const time = async (name: string, request: PlanRequest) => {
    const times: number[] = [];
    let substitutes = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const started = process.hrtime.bigint();
      const plan = await plans.plan(workspace.id, request);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (run >= 3) times.push(ms);
      substitutes = plan.stores.flatMap((s) => s.items).filter((i) => i.substituteFor !== undefined).length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(1);
    console.log(
      `${name.padEnd(48)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  (${substitutes} substitutes bought)`,
    );
  };
  console.log(`plan route work, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${RUNS} runs each`);
  await time('100 items (20 any brand), 20 stores, maxStores 3', { maxStores: 3 });
  await time('the same, with club cards and travel', {
    maxStores: 3,
    clubCards: ['newworld', 'woolworths'],
    origin: { latitude: -36.85, longitude: 174.76 },
    travelCentsPerKm: 30,
  });
  await ctx.database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
