// Issue 35 (decision 0021): the household in the store.

/** One aisle's first tick on one trip at one store: the order of a trip is these by ticked_at. */
export interface AisleTicksTable {
  workspace_id: number;
  store_id: number;
  /** The trip as the phone named it: when it began there (epoch ms). */
  trip_key: number;
  aisle: string;
  ticked_at: number;
}

/** An aisle order set by hand (dragging a group); it wins over the learned one until reset. */
export interface AisleOrdersTable {
  workspace_id: number;
  store_id: number;
  /** JSON array of aisle keys. */
  categories: string;
  set_at: number;
}

/** The workspace's shopping trip now, one at most (a second member going shopping takes it over). */
export interface ShoppingTripsTable {
  workspace_id: number;
  user_id: number;
  store_id: number;
  started_at: number;
  last_tick_at: number | null;
}

/** A device's push subscription and what its user chose to be told. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
  /** 'instant' | 'daily' | 'off' */
  drops: string;
  shopping: number;
  added_while_shopping: number;
  created_at: number;
  /** 'instant': price drops up to this time have been pushed to this device. */
  drops_checked_to: number;
  /** Pushes that failed in a row; the device is dropped at PUSH_FAILURES_BEFORE_DROP. */
  failures: number;
}

/** A product in one of the workspace's groups of the same product (issue 33 item 6). */
export interface ProductEquivalentsTable {
  workspace_id: number;
  product_id: number;
  group_id: number;
  created_at: number;
}

export interface HouseholdTables {
  product_equivalents: ProductEquivalentsTable;
  aisle_ticks: AisleTicksTable;
  aisle_orders: AisleOrdersTable;
  shopping_trips: ShoppingTripsTable;
  push_subscriptions: PushSubscriptionsTable;
}
