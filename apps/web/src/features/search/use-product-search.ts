// The search box's behaviour (spec sections 2 and 5): blank text or a search already running is
// ignored; a submitted search that found something goes into Recent searches (one that found
// nothing is no help to repeat, issue 37 item 8); clearing the text clears the results.
// Results render straight from the response: no second round trip.
import type { Product } from '@kete/shared';
import { useRef, useState } from 'react';
import { searchProducts } from '../products/api/products-api.js';
import { searchFailureMessage } from './search-failure.js';
import type { SearchSort } from './search-sort.js';

export interface SearchState {
  text: string;
  /** null until a search completes (or after clearing). */
  results: Product[] | null;
  loading: boolean;
}

export function useProductSearch(remember: (text: string) => void, sort: SearchSort = 'relevance') {
  const [state, setState] = useState<SearchState>({ text: '', results: null, loading: false });
  const running = useRef(false);
  // Why the last search failed; the text stays in the box (issue 9).
  const [error, setError] = useState<string | null>(null);

  function setText(text: string) {
    if (text === '') setError(null);
    setState((s) => (text === '' ? { text, results: null, loading: s.loading } : { ...s, text }));
  }

  /** `order` overrides the remembered sort (a new choice re-runs the search at once). */
  async function submit(text: string, order: SearchSort = sort) {
    const trimmed = text.trim();
    if (!trimmed || running.current) return;
    running.current = true;
    setError(null);
    setState({ text, results: null, loading: true });
    try {
      const results = await searchProducts(trimmed, order);
      if (results.length > 0) remember(trimmed);
      // Cleared while it ran: the empty box shows suggestions, not stale results.
      setState((s) => ({ ...s, loading: false, results: s.text === '' ? null : results }));
    } catch (failure) {
      setState((s) => ({ ...s, loading: false }));
      setError(searchFailureMessage(failure));
    } finally {
      running.current = false;
    }
  }

  return { ...state, error, setText, submit };
}
