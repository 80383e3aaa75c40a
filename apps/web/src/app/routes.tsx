// The route table of spec section 2, with its guards.
import { Feature } from '@kete/shared';
import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.js';
import {
  ForbiddenPage,
  NetworkErrorPage,
  NotFoundPage,
  ServerErrorPage,
} from '../features/errors/error-pages.js';
import { RouteErrorPage } from '../features/errors/route-error-page.js';
import { ImportPage, PantryPage, RecipePage, RecipesPage, WeekPage } from '../features/meals/meals-pages.js';
import { LogoutPage } from '../features/startup/logout-page.js';
import { Splash } from '../features/startup/splash.js';
import { StartPage } from '../features/startup/start-page.js';
import { SwitchPage } from '../features/startup/switch-page.js';
import { RequireData, RequireFeature, RequireSession, RootRedirect } from './guards.js';
import {
  CartPage,
  HomePage,
  ListsPage,
  PassCodePage,
  SearchPage,
  StatisticsPage,
  WorkspaceShell,
} from './pages.js';

// One error element for every screen: a screen that cannot be drawn (its code did not arrive, or a
// fault) shows an error page with a way back, never a blank page.
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/login', element: <LoginPage /> },
      {
        path: '/login/pass-code',
        element: (
          <Suspense fallback={null}>
            <PassCodePage />
          </Suspense>
        ),
      },
      { path: '/logout', element: <LogoutPage /> },
      {
        path: '/a',
        element: <RequireSession />,
        children: [
          { index: true, element: <StartPage /> },
          { path: 'start', element: <StartPage /> },
          { path: 'switch/:shortCode', element: <SwitchPage /> },
        ],
      },
      {
        path: '/w',
        element: <RequireSession />,
        children: [
          {
            element: <RequireData />,
            children: [
              // In-store mode (issue 13): a focused screen outside the shell, loaded when first opened.
              {
                path: 'shop/:storeId',
                lazy: () =>
                  import('../features/in-store/in-store-page.js').then((m) => ({ Component: m.InStorePage })),
              },
              {
                // Loaded on demand (app/pages.tsx); start-up has usually loaded it already.
                element: (
                  <Suspense fallback={<Splash message="Getting your Kete ready…" />}>
                    <WorkspaceShell />
                  </Suspense>
                ),
                children: [
                  { index: true, element: <Navigate to="/w/home" replace /> },
                  { path: 'home', element: <HomePage /> },
                  { path: 'search', element: <SearchPage /> },
                  { path: 'cart', element: <CartPage /> },
                  { path: 'lists', element: <ListsPage /> },
                  // Lock-screen notifications (issue 35), from the avatar menu.
                  {
                    path: 'notifications',
                    lazy: () =>
                      import('../features/household/notifications-page.js').then((m) => ({
                        Component: m.NotificationsPage,
                      })),
                  },
                  // Meals (issue 34): the week, recipes and the pantry.
                  { path: 'meals', element: <WeekPage /> },
                  { path: 'meals/recipes', element: <RecipesPage /> },
                  { path: 'meals/recipes/new', element: <ImportPage /> },
                  { path: 'meals/recipes/:recipeId', element: <RecipePage /> },
                  { path: 'meals/pantry', element: <PantryPage /> },
                  {
                    path: 'statistics',
                    element: (
                      <RequireFeature feature={Feature.Statistics}>
                        <StatisticsPage />
                      </RequireFeature>
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '/e/network', element: <NetworkErrorPage /> },
      { path: '/e/403', element: <ForbiddenPage /> },
      { path: '/e/500', element: <ServerErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
