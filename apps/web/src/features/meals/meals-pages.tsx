// The meals screens (issue 34), each loaded on first visit so the first load stays small.
import { lazy } from 'react';
import { Loading } from '../products/lazy-view.js';

const Week = lazy(() => import('./week-screen.js').then((m) => ({ default: m.WeekScreen })));
const Recipes = lazy(() => import('./recipes-screen.js').then((m) => ({ default: m.RecipesScreen })));
const Recipe = lazy(() => import('./recipe-screen.js').then((m) => ({ default: m.RecipeScreen })));
const Import = lazy(() => import('./import-screen.js').then((m) => ({ default: m.ImportScreen })));
const Pantry = lazy(() => import('./pantry-screen.js').then((m) => ({ default: m.PantryScreen })));

export const WeekPage = () => (
  <Loading>
    <Week />
  </Loading>
);
export const RecipesPage = () => (
  <Loading>
    <Recipes />
  </Loading>
);
export const RecipePage = () => (
  <Loading>
    <Recipe />
  </Loading>
);
export const ImportPage = () => (
  <Loading>
    <Import />
  </Loading>
);
export const PantryPage = () => (
  <Loading>
    <Pantry />
  </Loading>
);
