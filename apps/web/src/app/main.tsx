import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startOffline } from '../features/offline/offline-root.js';
import { followDeviceTheme } from '../features/theme/theme.js';
import { Providers } from './providers.js';
import { router } from './router.js';
import './styles.css';

followDeviceTheme();
startOffline();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
