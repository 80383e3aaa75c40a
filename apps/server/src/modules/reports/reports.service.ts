// Shoppers' reports of a wrong price (issue 33 item 5): made from the product drawer, seen and
// resolved by operators (kete reports, kete reports:resolve).
import {
  DUPLICATE_REPORT_MESSAGE,
  type PriceReport,
  type PriceReportRequest,
  type ReportKind,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { requireProduct } from '../shopping/catalogue-lookup.js';
import { isUniqueViolation } from '../shopping/db-errors.js';
import { flaggedPairs, pricesFlagsChanged } from './price-flags.js';

export const unknownStoreMessage = 'That store was not found.';

export interface ReportRow {
  id: number;
  productId: number;
  productName: string;
  storeId: number;
  storeName: string;
  kind: ReportKind;
  note: string | null;
  workspaceId: number;
  userEmail: string;
  createdAt: number;
  resolvedAt: number | null;
  hidePrice: boolean;
}

export function reportsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async create(
      workspaceId: number,
      userId: number,
      productId: number,
      body: PriceReportRequest,
    ): Promise<PriceReport> {
      await requireProduct(db, productId);
      const store = await db
        .selectFrom('stores')
        .select('id')
        .where('id', '=', body.storeId)
        .executeTakeFirst();
      if (!store) throw fieldError('storeId', unknownStoreMessage);
      const note = body.note ? body.note : null;
      const createdAt = ctx.clock.now();
      const pair = `${productId}:${body.storeId}`;
      const flaggedBefore = (await flaggedPairs(db, [productId], [body.storeId])).has(pair);
      let id: number;
      try {
        const row = await db
          .insertInto('price_reports')
          .values({
            workspace_id: workspaceId,
            user_id: userId,
            product_id: productId,
            store_id: body.storeId,
            kind: body.kind,
            note,
            created_at: createdAt,
            resolved_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_REPORT_MESSAGE);
        throw error;
      }
      // Only a report that flags the price (a second household's) changes what is answered; only
      // then does every process forget its priced answers (any member can report, often).
      if ((await flaggedPairs(db, [productId], [body.storeId])).has(pair) !== flaggedBefore)
        await pricesFlagsChanged(db);
      return { id, productId, storeId: body.storeId, kind: body.kind, note, createdAt };
    },

    async list(options: { open?: boolean } = {}): Promise<ReportRow[]> {
      let query = db
        .selectFrom('price_reports as r')
        .innerJoin('products as p', 'p.id', 'r.product_id')
        .innerJoin('stores as s', 's.id', 'r.store_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.product_id',
          'p.name as product_name',
          'r.store_id',
          's.name as store_name',
          'r.kind',
          'r.note',
          'r.workspace_id',
          'u.email',
          'r.created_at',
          'r.resolved_at',
          'r.hide_price',
        ])
        .orderBy('r.id');
      if (options.open) query = query.where('r.resolved_at', 'is', null);
      const rows = await query.execute();
      return rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        productName: r.product_name,
        storeId: r.store_id,
        storeName: r.store_name,
        kind: r.kind as ReportKind,
        note: r.note,
        workspaceId: r.workspace_id,
        userEmail: r.email,
        createdAt: Number(r.created_at),
        resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
        hidePrice: r.hide_price === 1,
      }));
    },

    /** Resolves a report; with hidePrice the store's current price of the product is hidden until
     * a feed confirms a price after now. Returns false for an unknown or already resolved id. */
    async resolve(id: number, hidePrice: boolean): Promise<boolean> {
      const result = await db
        .updateTable('price_reports')
        .set({ resolved_at: ctx.clock.now(), hide_price: hidePrice ? 1 : 0 })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      const done = Number(result.numUpdatedRows) > 0;
      if (done) await pricesFlagsChanged(db);
      return done;
    },
  };
}
