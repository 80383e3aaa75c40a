// Kysely's view of the tables. Times are epoch milliseconds (bigint in PostgreSQL, parsed back
// to numbers); flags are 0/1 integers so both dialects read the same values.
import type { Generated } from 'kysely';
import type { AlertsTables } from '../modules/alerts/alerts.schema.js';
import type { EventsTables } from '../modules/events/live-streams.schema.js';
import type { HouseholdTables } from '../modules/household/household.schema.js';
import type { LimitsTables } from '../modules/limits/limits.schema.js';
import type { MealsTables } from '../modules/meals/meals.schema.js';
import type { OutlookTables } from '../modules/outlook/outlook.schema.js';
import type { CatalogueTables } from '../modules/products/catalogue.schema.js';
import type { RefreshTables, StoreFactsColumns } from '../modules/refresh/refresh.schema.js';
import type { ReportsTables } from '../modules/reports/reports.schema.js';
import type { ShoppingTables } from '../modules/shopping/shopping.schema.js';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  display_name: string;
  features: string;
  created_at: number;
  /** Price-drop alert e-mails: 1 on (default), 0 off (issue 12). */
  price_alerts: Generated<number>;
}

export interface WorkspacesTable {
  id: Generated<number>;
  short_code: string;
  shared_name: string | null;
  owner_user_id: number;
  created_at: number;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  access_level: number;
  created_at: number;
}

export interface SignInCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  active: number;
  created_at: number;
  /** The client address the code was sent for (issue 10); null for codes from before. */
  client: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  family_id: string;
  expires_at: number;
  created_at: number;
  revoked_at: number | null;
  replaced_by_id: number | null;
  /** When the session (the token family) began; it ends 90 days later. Null before issue 10. */
  session_started_at: number | null;
}

export interface StoresTable extends StoreFactsColumns {
  id: Generated<number>;
  chain: number;
  source_id: string;
  name: string;
  address: string | null;
  city: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface WorkspaceStoresTable {
  workspace_id: number;
  store_id: number;
  created_at: number;
}

export interface PlatformTables {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  sign_in_codes: SignInCodesTable;
  refresh_tokens: RefreshTokensTable;
  stores: StoresTable;
  workspace_stores: WorkspaceStoresTable;
}

/** Every table; each feature area declares its own beside its code. */
export type DB = PlatformTables &
  CatalogueTables &
  ShoppingTables &
  LimitsTables &
  RefreshTables &
  AlertsTables &
  EventsTables &
  HouseholdTables &
  MealsTables &
  OutlookTables &
  ReportsTables;
