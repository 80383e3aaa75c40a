// /w/search, loaded on first visit (its rows, gestures and scanner stay out of home's first load).
import { lazy } from 'react';
import { Loading } from '../products/lazy-view.js';

const SearchScreen = lazy(() => import('./search-screen.js').then((m) => ({ default: m.SearchScreen })));

export function SearchPage() {
  return (
    <Loading>
      <SearchScreen />
    </Loading>
  );
}
