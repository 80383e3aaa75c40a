import type { Generated } from 'kysely';

// Tables of shoppers' price reports and of pack size changes (issue 33 items 5 and 7).

/** A shopper's report that a store's price of a product is wrong (kind: ZReportKind). */
export interface PriceReportsTable {
  id: Generated<number>;
  workspace_id: number;
  user_id: number;
  product_id: number;
  store_id: number;
  kind: string;
  note: string | null;
  created_at: number;
  /** Set when an operator resolved it (kete reports:resolve); null while open. */
  resolved_at: number | null;
  /** 1: resolving it hid the store's price until a feed confirms one after resolved_at. */
  hide_price: Generated<number>;
}

/** A feed changed a product's pack size (same product id). */
export interface ProductSizeChangesTable {
  product_id: number;
  changed_at: number;
  from_size: string;
  to_size: string;
  from_price: number | null;
  to_price: number | null;
}

export interface ReportsTables {
  price_reports: PriceReportsTable;
  product_size_changes: ProductSizeChangesTable;
}
