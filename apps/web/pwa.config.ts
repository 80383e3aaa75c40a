// The installable app (issue 14): manifest and a Workbox service worker (vite-plugin-pwa, which
// supports Vite 8). The app shell is precached, so the app opens with no connection; the answers
// it shows then are kept by the app itself, per user and workspace (features/offline/kept-answers,
// decision 0017), not by the worker, whose cache knew neither. A new version waits for the
// shopper's 'Refresh to update' (registerType 'prompt'): never half an old app. See
// docs/decisions/0010-live-offline.md.
import { VitePWA } from 'vite-plugin-pwa';

// Keeps the image cache to its newest 600 product pictures (a cache lists its entries oldest
// first). Instead of Workbox's ExpirationPlugin, whose IndexedDB database (workbox-expiration)
// held the addresses the last user looked at and, open in the worker, could not be deleted at
// sign-out. Written out into the service worker as source, so it refers to nothing outside itself.
const keepNewestImages = {
  cacheDidUpdate: async ({ cacheName }: { cacheName: string }) => {
    const cache = await caches.open(cacheName);
    const requests = await cache.keys();
    const excess = requests.length - 600;
    for (const request of requests.slice(0, Math.max(0, excess))) await cache.delete(request);
  },
};

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
      // Web Push (issue 35): shows each notification and opens its page on a tap (public/push-sw.js).
      importScripts: ['push-sw.js'],
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      // The first visit's page is served by the worker at once, so its pictures are kept from the start.
      clientsClaim: true,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      runtimeCaching: [
        {
          // Product pictures; not the browser's own favicon request, which would bring the cache
          // back on the sign-in page right after sign-out deleted it.
          urlPattern: ({ request, url }) =>
            request.destination === 'image' && url.pathname !== '/favicon.ico',
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'kete-images',
            plugins: [keepNewestImages],
          },
        },
      ],
    },
  });
