// The installable app (issue 14): manifest and a Workbox service worker (vite-plugin-pwa, which
// supports Vite 8). The app shell is precached; GET /api answers are kept (NetworkFirst), so the
// last data seen opens with no connection. A new version waits for the shopper's 'Refresh to
// update' (registerType 'prompt'): never half an old app. See docs/decisions/0010-live-offline.md.
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from './src/features/offline/cache-names.js';

export const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['theme-init.js', 'icons/apple-touch-icon.png', 'icons/icon.svg'],
    manifest: {
      name: 'Kete',
      short_name: 'Kete',
      description: 'Compare New Zealand supermarket prices and share one shopping list as a household.',
      lang: 'en-NZ',
      theme_color: '#2F6B3F',
      background_color: '#fafaf9',
      display: 'standalone',
      start_url: '/w/home',
      scope: '/',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      // The first visit's page is served by the worker at once, so its data is kept from the start.
      clientsClaim: true,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      runtimeCaching: [
        {
          // Reads only; the live stream is never cached.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.endsWith('/events'),
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: 6,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 400, maxAgeSeconds: 14 * 24 * 3600 },
          },
        },
        {
          urlPattern: ({ request }) => request.destination === 'image',
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'kete-images',
            expiration: { maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600 },
          },
        },
      ],
    },
  });
