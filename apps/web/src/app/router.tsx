// The browser router, and the bridge that lets the API client navigate with it.
import { createBrowserRouter } from 'react-router';
import { startEarly } from '../features/startup/early-start.js';
import { setNavigator, setPreloader } from '../lib/navigation.js';
import { useSessionStore } from '../lib/session-store.js';
import { preloadAllScreens, preloadScreen } from './pages.js';
import { routes } from './routes.js';

export const router = createBrowserRouter(routes);

setNavigator((to, options) => {
  void router.navigate(to, options);
});

// A signed-in page load of a workspace screen (a reload, or the app opened from the home screen)
// goes through start-up and lands there: its code and start-up's data start loading now, before
// React's first render, rather than from start-up's first effect. Start-up takes both over.
// Called once the offline hooks are in place (main.tsx), which start-up's request goes through.
export function startLanding(): void {
  if (!location.pathname.startsWith('/w/') || useSessionStore.getState().session === null) return;
  void preloadScreen(location.pathname);
  startEarly();
}

setPreloader({ page: preloadScreen, all: preloadAllScreens });
