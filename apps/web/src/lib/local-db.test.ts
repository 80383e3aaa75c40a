import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME, DATABASE_VERSION, KeteDatabase, safely } from './local-db.js';

describe('the local database', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is KeteDatabase: version 3's three tables keyed by id, issue 13's added in version 4, issue 12's in 5, issue 14's outbox in 6", () => {
    const db = new KeteDatabase();
    expect(db.name).toBe(DATABASE_NAME);
    expect(DATABASE_NAME).toBe('KeteDatabase');
    expect(db.verno).toBe(DATABASE_VERSION);
    expect(db.tables.map((t) => [t.name, t.schema.primKey.keyPath]).sort()).toEqual([
      ['CartSetting', 'id'],
      ['Outbox', 'id'],
      ['PlanSetting', 'id'],
      ['RecentSearch', 'id'],
      ['SearchSetting', 'id'],
      ['StoreSetting', 'id'],
      ['Trip', 'id'],
      ['WeekSpend', 'id'],
    ]);
  });

  it('only logs a failure: the caller gets the fallback, nothing is thrown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // jsdom has no IndexedDB, so a real read fails exactly as a broken browser database would.
    const db = new KeteDatabase('broken');
    const value = await safely<unknown>(() => db.CartSetting.get(1), 'fallback');
    expect(value).toBe('fallback');
    expect(log).toHaveBeenCalledWith('Local database error', expect.anything());
  });
});
