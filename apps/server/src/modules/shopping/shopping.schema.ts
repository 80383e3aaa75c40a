// Shopping tables: the cart, named lists, favourites, and sharing a workspace by e-mail.
// Every product_id references products ON DELETE RESTRICT: the catalogue withdraws products
// rather than deleting them, and a delete must never take a household's rows with it.
import type { Generated } from 'kysely';

export interface CartItemsTable {
  workspace_id: number;
  product_id: number;
  /** The quantity in ten-thousandths (4 decimals) so concurrent adds sum exactly. */
  quantity_units: number;
  created_at: number;
  updated_at: number;
  /** 1: the plan may buy an alternative (issue 13). */
  any_brand: Generated<number>;
  /** JSON array of vetoed alternative product ids, sorted. */
  excluded_alternatives: Generated<string>;
  /** The user who last changed it (issue 49); null when unknown (before this was kept). */
  updated_by: number | null;
}

export interface ListsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** The trimmed, lower-cased name: unique per workspace, so "Party" and "party" clash. */
  name_key: string;
  created_at: number;
}

export interface ListItemsTable {
  list_id: number;
  product_id: number;
  created_at: number;
}

export interface FavouritesTable {
  id: Generated<number>;
  workspace_id: number;
  product_id: number;
  created_at: number;
}

/** An Owner's grant of Shared access to an address, whether or not it has an account yet. */
export interface AccessGrantsTable {
  workspace_id: number;
  email: string;
  granted_by_user_id: number;
  created_at: number;
  /** When the person accepted the invitation; null while it waits (migration 060). */
  accepted_at: number | null;
}

/** Someone asking to use Kete; under KETE_SIGNUP=invite an operator approves them. */
export interface AccessRequestsTable {
  email: string;
  requested_at: number;
  approved_at: number | null;
}

/** Issue 49: a shopping-list item written in, with no product (text-items.migration.ts). */
export interface CartTextItemsTable {
  id: Generated<number>;
  workspace_id: number;
  text: string;
  /** A plain count. */
  quantity: number;
  created_at: number;
  updated_at: number;
}

export interface ListTextItemsTable {
  id: Generated<number>;
  list_id: number;
  text: string;
  quantity: number;
  created_at: number;
}

export interface ShoppingTables {
  cart_items: CartItemsTable;
  cart_text_items: CartTextItemsTable;
  list_text_items: ListTextItemsTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  favourites: FavouritesTable;
  access_grants: AccessGrantsTable;
  access_requests: AccessRequestsTable;
}
