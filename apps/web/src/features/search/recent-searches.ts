// The 'Recent searches' rules (spec sections 5 and 9): text trimmed, a repeat (ignoring case and
// surrounding spaces) replaces the older entry, at most 10 kept with the oldest dropped. Ids are
// the time of the search, so they also order the list, newest first.
import type { RecentSearch } from '../../lib/local-db.js';

export const MAX_RECENT_SEARCHES = 10;

const sameSearch = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Newest first. */
export const newestFirst = (searches: RecentSearch[]) => [...searches].sort((a, b) => b.id - a.id);

/** The list after searching for `text` at time `now`; unchanged when the text is blank. */
export function withRecentSearch(searches: RecentSearch[], text: string, now: number): RecentSearch[] {
  const trimmed = text.trim();
  if (!trimmed) return newestFirst(searches);
  const others = searches.filter((search) => !sameSearch(search.text, trimmed));
  // Two searches in the same millisecond still get distinct, ordered ids.
  const newest = Math.max(now, ...others.map((search) => search.id + 1));
  return newestFirst([{ id: newest, text: trimmed }, ...others]).slice(0, MAX_RECENT_SEARCHES);
}

export const withoutRecentSearch = (searches: RecentSearch[], id: number) =>
  searches.filter((search) => search.id !== id);
