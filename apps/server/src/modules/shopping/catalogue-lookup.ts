// What the shopping routes need from the catalogue: whether a product exists, its quantity rule,
// and the Product shape priced at the workspace's stores.
import type { Product, QuantityRule } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { heldProductRow } from '../products/catalogue-snapshot.js';
import { findProducts } from '../products/product-shape.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';

export const unknownProductMessage = 'That product is not in the catalogue.';

export interface ProductRule extends QuantityRule {
  id: number;
}

/**
 * The product's quantity rule; withdrawn products still count (a list may hold them). Read from
 * the products this process holds (catalogue-snapshot.ts), which only an ingest changes: every
 * change to a list asks, and on PostgreSQL each read is a round trip. `db` is the server's own
 * instance, never a transaction (the snapshot is kept per instance).
 */
export async function findProductRule(db: Kysely<DB>, productId: number): Promise<ProductRule | undefined> {
  const row = await heldProductRow(db, productId);
  return (
    row && {
      id: row.id,
      saleType: row.sale_type,
      minimumQuantity: row.minimum_quantity,
      minimumIncrement: row.minimum_increment,
    }
  );
}

/** For a productId in the request body: 400 on the productId field. */
export async function requireProductField(db: Kysely<DB>, productId: number): Promise<ProductRule> {
  const rule = await findProductRule(db, productId);
  if (!rule) throw fieldError('productId', unknownProductMessage);
  return rule;
}

/** For a productId in the path: 404. */
export async function requireProduct(db: Kysely<DB>, productId: number): Promise<ProductRule> {
  const rule = await findProductRule(db, productId);
  if (!rule) throw notFound(unknownProductMessage);
  return rule;
}

/** These products in this order, priced at the workspace's stores (read unless given). */
export async function productsForWorkspace(
  db: Kysely<DB>,
  workspaceId: number,
  productIds: number[],
  storeIds?: number[],
): Promise<Product[]> {
  if (productIds.length === 0) return [];
  return findProducts(db, productIds, storeIds ?? (await workspaceStoreIds(db, workspaceId)));
}
