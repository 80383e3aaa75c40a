// The browser router, and the bridge that lets the API client navigate with it.
import { createBrowserRouter } from 'react-router';
import { setNavigator, setPreloader } from '../lib/navigation.js';
import { preloadAllScreens, preloadScreen } from './pages.js';
import { routes } from './routes.js';

export const router = createBrowserRouter(routes);

setNavigator((to, options) => {
  void router.navigate(to, options);
});

setPreloader({ page: preloadScreen, all: preloadAllScreens });
