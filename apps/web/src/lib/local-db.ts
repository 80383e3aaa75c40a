// The browser's own database (spec section 3): KeteDatabase v3 with three tables keyed by id.
// Settings here are conveniences, so a failing IndexedDB (private mode, quota) is logged and
// otherwise ignored: every helper resolves, never rejects, and never shows anything.
import { Dexie, type EntityTable } from 'dexie';

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

export const DATABASE_NAME = 'KeteDatabase';
export const DATABASE_VERSION = 3;

export class KeteDatabase extends Dexie {
  StoreSetting!: EntityTable<StoreSetting, 'id'>;
  CartSetting!: EntityTable<CartSetting, 'id'>;
  RecentSearch!: EntityTable<RecentSearch, 'id'>;

  constructor(name = DATABASE_NAME) {
    super(name);
    this.version(DATABASE_VERSION).stores({ StoreSetting: 'id', CartSetting: 'id', RecentSearch: 'id' });
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
