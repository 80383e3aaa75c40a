// This device's Web Push subscription (issue 35): made only when the member turns notifications on
// (the browser's permission is asked then, never before), saved on the server with what they chose,
// and removed when they turn it off or sign out.
import type { PushTopics } from '@kete/shared';
import { api } from '../../lib/api-client.js';

export const DEFAULT_TOPICS: PushTopics = { drops: 'daily', shopping: true, addedWhileShopping: true };

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export const permission = (): NotificationPermission | 'unsupported' =>
  pushSupported() ? Notification.permission : 'unsupported';

/** The worker's registration if there is one now (never waits for one to install). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64Url: string) => {
  const text = atob(base64Url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

const saveOnServer = (subscription: PushSubscription, topics: PushTopics) =>
  api.request<{ topics: PushTopics | null }>('/api/me/push', {
    method: 'PUT',
    body: { subscription: subscription.toJSON(), topics },
  });

/** What the server sends this device, or null when it sends nothing. */
export async function savedTopics(): Promise<PushTopics | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const answer = await api.post<{ topics: PushTopics | null }>(
    '/api/me/push/settings',
    { endpoint: subscription.endpoint },
    { loading: false },
  );
  return answer.topics;
}

/** Asks the permission, subscribes, and saves. Answers the permission the browser gave. */
export async function turnOn(topics: PushTopics): Promise<NotificationPermission> {
  const granted = await Notification.requestPermission();
  if (granted !== 'granted') return granted;
  const ready = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { publicKey } = await api.request<{ publicKey: string }>('/api/push/key');
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await saveOnServer(subscription, topics);
  return granted;
}

export async function changeTopics(topics: PushTopics): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await saveOnServer(subscription, topics);
}

/** Turns notifications off on this device (also at sign-out: the next person gets none of them). */
export async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await api.request('/api/me/push', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      quiet: true,
      loading: false,
    });
  } finally {
    await subscription.unsubscribe().catch(() => false);
  }
}

/** For sign-out: turnOff, but never holding sign-out up for more than two seconds. */
export const forgetPushHere = () =>
  Promise.race([turnOff().catch(() => undefined), new Promise<void>((r) => setTimeout(r, 2000))]);
