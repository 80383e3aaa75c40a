// The search screen's order (issue 12, item 4): relevance (the server's default) or the cheapest
// comparable unit price first, remembered in the local database (SearchSetting id 1).
import { useCallback, useEffect, useState } from 'react';
import { localDb, type SearchSetting, safely } from '../../lib/local-db.js';

export type SearchSort = SearchSetting['sort'];
export const searchSorts: readonly { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'unitPrice', label: 'Unit price' },
];

export function useSearchSort(): [SearchSort, (sort: SearchSort) => void] {
  const [sort, setSort] = useState<SearchSort>('relevance');
  useEffect(() => {
    let live = true;
    void safely(() => localDb().SearchSetting.get(1), undefined).then((setting) => {
      if (live && setting) setSort(setting.sort);
    });
    return () => {
      live = false;
    };
  }, []);
  const choose = useCallback((next: SearchSort) => {
    setSort(next);
    void safely(() => localDb().SearchSetting.put({ id: 1, sort: next }), undefined);
  }, []);
  return [sort, choose];
}
