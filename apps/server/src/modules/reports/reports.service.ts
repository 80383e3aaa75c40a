// Shoppers' reports of a wrong price (issue 33 item 5): made from the product drawer, seen and
// resolved by operators (kete reports, kete reports:resolve).
import {
  DUPLICATE_REPORT_MESSAGE,
  FLAGGING_KINDS,
  type PriceReport,
  type PriceReportRequest,
  REPORTS_PER_DAY_MESSAGE,
  REPORTS_PER_HOUR_WARNING,
  REPORTS_PER_USER_PER_DAY,
  type ReportKind,
  reportsCounted,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { DAY, HOUR } from '../../lib/clock.js';
import { fieldError, HttpError, tooManyRequests } from '../../lib/http-error.js';
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
  /** How many reports this reporter has made in all, and when their account was made (epoch ms). */
  userReports: number;
  userSince: number;
  createdAt: number;
  resolvedAt: number | null;
  hidePrice: boolean;
}

/** Called when one user has made more than REPORTS_PER_HOUR_WARNING reports in the last hour. */
export type BusyReporterWarning = (userId: number, reportsInHour: number) => void;

export function reportsService(ctx: AppContext) {
  const { db } = ctx;

  /** The user's reports made since `since`, as reportsCounted takes them. */
  async function madeSince(userId: number, since: number) {
    const rows = await db
      .selectFrom('price_reports')
      .select(['product_id', 'store_id', 'kind'])
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .execute();
    return rows.map((r) => ({ productId: r.product_id, storeId: r.store_id, kind: r.kind as ReportKind }));
  }

  return {
    async create(
      workspaceId: number,
      userId: number,
      productId: number,
      body: PriceReportRequest,
      warnBusy: BusyReporterWarning = () => {},
    ): Promise<PriceReport> {
      await requireProduct(db, productId);
      // A 'price' after an 'unavailable' of the same price adds nothing to the count: let it past
      // the limit by counting as if it were made.
      const now = ctx.clock.now();
      const counted = await madeSince(userId, now - DAY);
      const withThis = reportsCounted([...counted, { productId, storeId: body.storeId, kind: body.kind }]);
      if (withThis > REPORTS_PER_USER_PER_DAY && withThis > reportsCounted(counted))
        throw tooManyRequests(REPORTS_PER_DAY_MESSAGE);
      const store = await db
        .selectFrom('stores')
        .select('id')
        .where('id', '=', body.storeId)
        .executeTakeFirst();
      if (!store) throw fieldError('storeId', unknownStoreMessage);
      const note = body.note ? body.note : null;
      const createdAt = now;
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
      const inHour = (await madeSince(userId, now - HOUR)).length;
      if (inHour > REPORTS_PER_HOUR_WARNING) warnBusy(userId, inHour);
      // Only a report that flags the price (a second person's) changes what is answered; only
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
          'u.created_at as user_since',
          (eb) =>
            eb
              .selectFrom('price_reports as mine')
              .select((c) => c.fn.countAll<number>().as('n'))
              .whereRef('mine.user_id', '=', 'r.user_id')
              .as('user_reports'),
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
        userReports: Number(r.user_reports),
        userSince: Number(r.user_since),
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

    /**
     * The operator trusts the report's price again, at once: no resolved report hides it any
     * more and its open reports are resolved (so they flag it no more). False for an unknown id.
     */
    async restore(id: number): Promise<boolean> {
      const report = await db
        .selectFrom('price_reports')
        .select(['product_id', 'store_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!report) return false;
      const now = ctx.clock.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('price_reports')
          .set({ hide_price: 0 })
          .where('product_id', '=', report.product_id)
          .where('store_id', '=', report.store_id)
          .where('hide_price', '=', 1)
          .execute();
        await trx
          .updateTable('price_reports')
          .set({ resolved_at: now })
          .where('product_id', '=', report.product_id)
          .where('store_id', '=', report.store_id)
          .where('resolved_at', 'is', null)
          .where('kind', 'in', FLAGGING_KINDS)
          .execute();
      });
      await pricesFlagsChanged(db);
      return true;
    },
  };
}
