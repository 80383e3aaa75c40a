// GET /api/status for operators (issue 33, item 2): the same ages as `kete status`; stores and
// chains only, no personal data, so it answers without signing in (a monitor can poll it).
// /api/health stays the simple liveness answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { priceStatus } from './price-status.js';
import { staleStoreCount } from './stale-stores.js';

const at = z.number().int().nullable();
const ZPriceStatus = z.object({
  now: z.number().int(),
  staleDays: z.number().int(),
  /** Stores with prices, chosen or not, whose newest price is older than staleDays (issue 48). */
  staleStores: z.number().int(),
  chains: z.array(
    z.object({
      chain: z.string(),
      stores: z.number().int(),
      newestSeenAt: at,
      oldestSeenAt: at,
      stalled: z.boolean(),
      errors: z.array(z.string()),
    }),
  ),
  stores: z.array(
    z.object({
      storeId: z.number().int(),
      name: z.string(),
      chain: z.string(),
      prices: z.number().int(),
      newestSeenAt: at,
      oldestSeenAt: at,
      lastRefresh: z
        .object({ finishedAt: z.number().int(), ok: z.boolean(), error: z.string().nullable() })
        .nullable(),
    }),
  ),
});

export async function statusRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/status',
      { config: { public: true }, schema: { response: { 200: ZPriceStatus } } },
      async () => ({ ...(await priceStatus(ctx)), staleStores: await staleStoreCount(ctx) }),
    );
}
