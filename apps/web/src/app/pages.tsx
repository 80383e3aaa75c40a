// The signed-in screens (and the pass-code step), each loaded on demand: the first load (/login,
// start-up, the error pages) carries none of them, nor what only they use (dialogs, drawers). The
// service worker precaches every chunk, so they still open offline. Start-up preloads the screen
// it lands on while the workspace loads (preloadPage), the sign-in screen the pass-code step as
// the code is sent, and the rest follow once the first screen shows (lib/first-screen.ts).
import { lazy } from 'react';

const loaders = {
  passCode: () => import('../features/auth/pass-code-page.js').then((m) => ({ default: m.PassCodePage })),
  shell: () => import('../features/shell/workspace-shell.js').then((m) => ({ default: m.WorkspaceShell })),
  home: () => import('../features/home/home-page.js').then((m) => ({ default: m.HomePage })),
  search: () => import('../features/search/search-page.js').then((m) => ({ default: m.SearchPage })),
  cart: () => import('../features/cart/cart-page.js').then((m) => ({ default: m.CartPage })),
  lists: () => import('../features/lists/lists-page.js').then((m) => ({ default: m.ListsPage })),
  statistics: () =>
    import('../features/statistics/statistics-page.js').then((m) => ({ default: m.StatisticsPage })),
};

type Page = keyof typeof loaders;

export const PassCodePage = lazy(loaders.passCode);
export const WorkspaceShell = lazy(loaders.shell);
export const HomePage = lazy(loaders.home);
export const SearchPage = lazy(loaders.search);
export const CartPage = lazy(loaders.cart);
export const ListsPage = lazy(loaders.lists);
export const StatisticsPage = lazy(loaders.statistics);

/**
 * Starts loading the screen of a path: /login/pass-code (asked for as the code is sent), or the
 * shell and the screen of a /w path (a failure shows when it is opened).
 */
export function preloadScreen(path: string): Promise<void> {
  const page = path === '/login/pass-code' ? 'passCode' : (/^\/w\/([a-z]+)/.exec(path)?.[1] ?? 'home');
  const names: Page[] =
    page === 'passCode' ? ['passCode'] : ['shell', page in loaders ? (page as Page) : 'home'];
  return Promise.all(names.map((name) => loaders[name]())).then(
    () => {},
    () => {},
  );
}

/**
 * Once the first screen shows: the other screens, so moving between them never waits. One at a
 * time, so each one's code runs in a short task of its own rather than all in one long one.
 */
export async function preloadAllScreens(): Promise<void> {
  for (const load of Object.values(loaders)) await load().catch(() => {});
}
