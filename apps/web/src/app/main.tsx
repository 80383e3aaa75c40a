import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startOffline } from '../features/offline/offline-root.js';
import { followDeviceTheme } from '../features/theme/theme.js';
import { Providers } from './providers.js';
import { router, startLanding } from './router.js';
import './styles.css';

followDeviceTheme();
startOffline();
startLanding();

const root = document.getElementById('root');
if (root) {
  // As a transition, React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, rather than in one task that a slow phone feels as a frozen page.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
