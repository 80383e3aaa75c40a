// Recent searches kept in the local database's RecentSearch table (id = timestamp). The table is
// rewritten with the rule's result, so it never holds more than 10.
import { useCallback, useEffect, useState } from 'react';
import { localDb, type RecentSearch, safely } from '../../lib/local-db.js';
import { newestFirst, withoutRecentSearch, withRecentSearch } from './recent-searches.js';

async function save(searches: RecentSearch[]) {
  await safely(async () => {
    const db = localDb();
    await db.transaction('rw', db.RecentSearch, async () => {
      await db.RecentSearch.clear();
      await db.RecentSearch.bulkPut(searches);
    });
  }, undefined);
}

export function useRecentSearches() {
  const [searches, setSearches] = useState<RecentSearch[]>([]);
  useEffect(() => {
    let live = true;
    void safely(() => localDb().RecentSearch.toArray(), []).then((rows) => {
      if (live) setSearches(newestFirst(rows));
    });
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback((next: (current: RecentSearch[]) => RecentSearch[]) => {
    setSearches((current) => {
      const updated = next(current);
      void save(updated);
      return updated;
    });
  }, []);

  return {
    searches,
    add: (text: string) => change((current) => withRecentSearch(current, text, Date.now())),
    remove: (id: number) => change((current) => withoutRecentSearch(current, id)),
  };
}
