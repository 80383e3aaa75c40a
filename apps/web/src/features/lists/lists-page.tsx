// /w/lists, loaded on first visit so home's first load stays small.
import { lazy } from 'react';
import { Loading } from '../products/lazy-view.js';

const ListsScreen = lazy(() => import('./lists-screen.js').then((m) => ({ default: m.ListsScreen })));

export function ListsPage() {
  return (
    <Loading>
      <ListsScreen />
    </Loading>
  );
}
