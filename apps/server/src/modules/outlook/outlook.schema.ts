// Buy now or wait (issue 46): the 'wait' advice a household was shown for an item on its
// shopping list, so it hears once when that special starts.
export interface OutlookWaitsTable {
  workspace_id: number;
  product_id: number;
  store_id: number;
  /** When the list first showed 'wait' for it. */
  created_at: number;
  /** When the household was told the special started; null until then. */
  told_at: number | null;
}

export interface OutlookTables {
  outlook_waits: OutlookWaitsTable;
}
