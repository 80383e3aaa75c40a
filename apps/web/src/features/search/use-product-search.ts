// The search box's behaviour (spec sections 2 and 5): blank text or a search already running is
// ignored; a submitted search goes into Recent searches; clearing the text clears the results.
// Results render straight from the response: no second round trip.
import type { Product } from '@kete/shared';
import { useRef, useState } from 'react';
import { searchProducts } from '../products/api/products-api.js';

export interface SearchState {
  text: string;
  /** null until a search completes (or after clearing). */
  results: Product[] | null;
  loading: boolean;
}

export function useProductSearch(remember: (text: string) => void) {
  const [state, setState] = useState<SearchState>({ text: '', results: null, loading: false });
  const running = useRef(false);

  function setText(text: string) {
    setState((s) => (text === '' ? { text, results: null, loading: s.loading } : { ...s, text }));
  }

  async function submit(text: string) {
    const trimmed = text.trim();
    if (!trimmed || running.current) return;
    running.current = true;
    remember(trimmed);
    setState({ text, results: null, loading: true });
    try {
      const results = await searchProducts(trimmed);
      // Cleared while it ran: the empty box shows suggestions, not stale results.
      setState((s) => ({ ...s, loading: false, results: s.text === '' ? null : results }));
    } catch {
      setState((s) => ({ ...s, loading: false }));
    } finally {
      running.current = false;
    }
  }

  return { ...state, setText, submit };
}
