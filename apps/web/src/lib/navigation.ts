// Code outside React (the API client) must send the user to /login or an error page. The router
// registers its navigate function here at start-up, so lib/ never imports app/.
export type Navigate = (to: string, options?: { state?: unknown; replace?: boolean }) => void;

let current: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export const navigate: Navigate = (to, options) => current(to, options);

/** Loads this page again, as the browser's reload does: its history state (what it was opened with) stays. */
export const reloadPage = (): void => window.location.reload();

// The signed-in screens load on demand (app/pages.tsx). Start-up asks for the one it will land on
// while the workspace loads, so the page is there when the data is; the shell asks for the rest.
// The sign-in screen asks for the pass-code step while the code is being sent.
export interface Preloader {
  /** The screen of a path: /login/pass-code, or the shell and the screen of a /w path. */
  page(path: string): Promise<void>;
  /** Every signed-in screen, one after another; resolves when all have loaded (or failed to). */
  all(): Promise<void>;
}

let preloader: Preloader = { page: () => Promise.resolve(), all: () => Promise.resolve() };

export function setPreloader(next: Preloader): void {
  preloader = next;
}

/** Resolves when the screen's code is there (or could not load: opening it then shows why). */
export const preloadPage = (path: string): Promise<void> => preloader.page(path);
export const preloadAllPages = (): Promise<void> => preloader.all();
