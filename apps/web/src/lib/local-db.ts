// The browser's own database (spec section 3): KeteDatabase v3 with three tables keyed by id.
// Settings here are conveniences, so a failing IndexedDB (private mode, quota) is logged and
// otherwise ignored: every helper resolves, never rejects, and never shows anything.
import type { OfflineEdit } from '@kete/shared';
import { Dexie, type EntityTable } from 'dexie';
import { DATABASE_NAME } from './local-db-name.js';

export { DATABASE_NAME };

export interface StoreSetting {
  /** The store id. */
  id: number;
  included: boolean;
}

export interface CartSetting {
  /** Always 1: there is one cart setting. */
  id: 1;
  /** 0 All, 1 By store. */
  activeTab: 0 | 1;
}

export interface RecentSearch {
  /** A timestamp (ms), which also orders the searches. */
  id: number;
  text: string;
}

/** The shopping plan's settings (issue 13): one row, id 1. See features/plan/plan-settings.ts. */
export interface PlanSetting {
  id: 1;
  /** 0: every item at its cheapest store (the spec's rule); 1-3: at most that many stores. */
  maxStores: number;
  clubCards: ('newworld' | 'woolworths')[];
  /** The household's weekly budget in cents, or null when none is set. */
  weeklyBudget: number | null;
  /** Issue 49: cents an extra store must save in a plan (absent in rows saved before it: $2.00). */
  minSaving?: number;
  /** Issue 49: items the household keeps at a store the split passed over (productId to storeId). */
  keptAt?: Record<number, number>;
}

/** An in-store trip at one store (issue 13): keyed by the store's id. See features/in-store. */
export interface TripRecord {
  id: number;
  startedAt: number;
  lines: unknown[];
  ticked: Record<number, number>;
  /** The workspace (shortCode) whose list the trip came from. */
  workspace?: string;
}

/** Money ticked into trolleys this week (issue 13), for the budget bar: one row, id 1. */
export interface WeekSpend {
  id: 1;
  /** The Monday the week starts on, as YYYY-MM-DD in local time. */
  week: string;
  cents: number;
}

/** How search results are ordered (issue 12): one row, id 1. See features/search/search-sort.ts. */
export interface SearchSetting {
  id: 1;
  sort: 'relevance' | 'unitPrice';
}

/** A shopping-list edit made offline, waiting its turn to be sent (issue 14, features/offline). */
export interface OutboxEntry {
  /** Auto-incremented: the order the edits were made in, which is the order they are sent in. */
  id?: number;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  edit: OfflineEdit;
  /** What the shopper did, in words ('Tick off Milk'), to show if the server refuses it. */
  label: string;
}

/** Version 3 is the spec's three tables; version 4 adds issue 13's tables, version 5 issue 12's, version 6 issue 14's. */
export const DATABASE_VERSION = 6;

export class KeteDatabase extends Dexie {
  StoreSetting!: EntityTable<StoreSetting, 'id'>;
  CartSetting!: EntityTable<CartSetting, 'id'>;
  RecentSearch!: EntityTable<RecentSearch, 'id'>;
  PlanSetting!: EntityTable<PlanSetting, 'id'>;
  Trip!: EntityTable<TripRecord, 'id'>;
  WeekSpend!: EntityTable<WeekSpend, 'id'>;
  SearchSetting!: EntityTable<SearchSetting, 'id'>;
  Outbox!: EntityTable<OutboxEntry, 'id'>;

  constructor(name = DATABASE_NAME) {
    super(name);
    this.version(3).stores({ StoreSetting: 'id', CartSetting: 'id', RecentSearch: 'id' });
    this.version(4).stores({ PlanSetting: 'id', Trip: 'id', WeekSpend: 'id' });
    this.version(5).stores({ SearchSetting: 'id' });
    this.version(6).stores({ Outbox: '++id' });
  }
}

let instance: KeteDatabase | null = null;

export function localDb(): KeteDatabase {
  instance ??= new KeteDatabase();
  return instance;
}

/**
 * Runs a local-database operation; on failure logs it and resolves to `fallback`.
 * Use it for every read and write: `await safely(() => localDb().CartSetting.get(1), undefined)`.
 */
export async function safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    console.error('Local database error', error);
    return fallback;
  }
}

/**
 * Deletes the database: this device's recent searches, store, cart and other settings and the
 * outbox belong to whoever was signed in, and a shared family tablet must not show them to the
 * next person (decision 0017: sign-out deletes every database the app made). The next use opens a
 * new, empty one; IndexedDB opens it only after the deletion.
 */
export async function forgetDeviceData(): Promise<void> {
  const open = instance;
  instance = null;
  await safely(() => (open ? open.delete() : Dexie.delete(DATABASE_NAME)), undefined);
}
