// What a screen shows when it could not be drawn, instead of a blank page: its code could not be
// fetched (opened with no connection before the app was cached, or while the server restarts), or
// a fault in the app itself. Its link loads a page afresh, since the code in memory may be what
// failed (React keeps a lazy screen's failed load): Try again this one, Back to Kete the start.
import { useRouteError } from 'react-router';
import { NetworkErrorPage, ServerErrorPage } from './error-pages.js';

/** Chromium, Firefox and Safari's words for a module that could not be fetched, and Vite's for its CSS. */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isCodeLoadFailure(error)) return <NetworkErrorPage reloadHere />;
  console.error('The screen could not be shown', error);
  return <ServerErrorPage reloadHome />;
}
