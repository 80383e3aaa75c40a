// Web Push in the service worker (issue 35, decision 0021), imported by the Workbox worker
// (pwa.config.ts). A push carries {title, body, url, tag}, encrypted for this device: the
// notification shows it, and a tap opens `url` (only a page of this app) in an open Kete window,
// or a new one.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/w/home';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Kete', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url ?? '/w/home';
  const target = new URL(path, self.location.origin);
  const href =
    target.origin === self.location.origin ? target.href : new URL('/w/home', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (!('navigate' in client)) continue;
        // The browser may refuse the focus (no user activation left by the time the tap arrives,
        // or a phone that brings the window forward itself): the window still goes to the page.
        await client.focus().catch(() => undefined);
        // A window this worker does not control refuses navigate(): try the next, or open one.
        const navigated = await client.navigate(href).catch(() => null);
        if (navigated) return navigated;
      }
      return self.clients.openWindow(href);
    })(),
  );
});
