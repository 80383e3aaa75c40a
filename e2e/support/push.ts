// Web Push in headless Chromium, which has no push service (no GCM): `PushManager.prototype`'s
// subscribe/getSubscription are replaced by a subscription with real keys, whose private halves
// are held by the test's push service (apps/server/src/test/push-service.ts), so the server's
// messages are really encrypted for it and decrypted there. Only the browser's link to Google is
// faked: the service worker gets the decrypted message through CDP, as Chromium would.
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { TestSubscription } from '../../apps/server/src/test/push-service.js';

/** Where the fake keeps this phone's subscription: the applicationServerKey it was made with. */
export const SUBSCRIBED_WITH = 'e2e-push-subscribed-with';

/** Gives every page of the context a PushManager that subscribes to `subscription`. */
export async function fakePushManager(
  context: BrowserContext,
  subscription: TestSubscription,
): Promise<void> {
  await context.addInitScript(
    ({ sub, storageKey }) => {
      if (!('PushManager' in window) || location.protocol !== 'http:') return;
      const toBytes = (base64Url: string) =>
        Uint8Array.from(atob(base64Url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      const toBase64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const made = (serverKey: string) =>
        ({
          endpoint: sub.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: toBytes(serverKey) },
          getKey: (name: 'p256dh' | 'auth') => toBytes(sub.keys[name]),
          toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(storageKey);
            return true;
          },
        }) as unknown as PushSubscription;
      // Kept in localStorage: a browser remembers its subscription across page loads.
      PushManager.prototype.getSubscription = async () => {
        const serverKey = localStorage.getItem(storageKey);
        return serverKey === null ? null : made(serverKey);
      };
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        if (Notification.permission !== 'granted') throw new DOMException('not allowed', 'NotAllowedError');
        const key = options?.applicationServerKey;
        if (!key || typeof key === 'string') throw new DOMException('no key', 'InvalidAccessError');
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer);
        localStorage.setItem(storageKey, toBase64Url(bytes));
        return made(toBase64Url(bytes));
      };
    },
    { sub: subscription, storageKey: SUBSCRIBED_WITH },
  );
}

/** Hands a message to the page's service worker as the push service would (CDP). */
export async function deliverPush(page: Page, origin: string, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  await cdp.detach();
}

/** The notifications the service worker shows now. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      data: n.data as unknown,
    })),
  );

/**
 * deliverPush until the service worker shows a notification, and what it shows. Handed again
 * after 3 s without one: on a loaded machine (CI with two test files and their Chromiums on 2
 * cores) a push handed once was twice never shown by e2e/household-store.test.ts, which passed
 * alone. The tag is the same each time, so a second one replaces the first.
 */
export async function deliveredAndShown(page: Page, origin: string, data: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await deliverPush(page, origin, data);
    for (let waited = 0; waited < 3_000; waited += 100) {
      const shown = await shownNotifications(page);
      if (shown.length > 0) return shown;
      await page.waitForTimeout(100);
    }
  }
  return [];
}

interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

/**
 * A tap on the notification: headless Chromium has no notification to tap, so the event is
 * dispatched in the worker. Like a real tap after a while, it comes without a user activation.
 */
export async function tapNotification(context: BrowserContext, origin: string): Promise<void> {
  const worker: Worker | undefined =
    context.serviceWorkers().find((w) => w.url().startsWith(origin)) ??
    (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(origin) }));
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to tap');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}
