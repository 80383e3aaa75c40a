// Posting one message to one subscription (RFC 8030). The web-push library encrypts the payload
// for the subscription's keys (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the
// request itself is sent here, so that every connection goes through the endpoint guard's lookup.
import http from 'node:http';
import https from 'node:https';
import type { PushMessage } from '@kete/shared';
import webpush from 'web-push';
import { endpointProblem, guardedLookup } from './endpoint-guard.js';
import type { VapidKeys } from './vapid-keys.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A message a phone no longer needs after this long is dropped by the push service. */
const TTL_SECONDS = 12 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** The status the push service answered (201 accepted; 404/410 the subscription is gone). */
export async function postPush(
  target: PushTarget,
  message: PushMessage,
  keys: VapidKeys,
  subject: string,
): Promise<number> {
  const problem = endpointProblem(target.endpoint);
  if (problem) throw new Error(problem);
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    { vapidDetails: { subject, ...keys }, TTL: TTL_SECONDS, urgency: 'normal' },
  );
  const url = new URL(details.endpoint);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: guardedLookup as never,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/** The VAPID subject: the site's https address, or a mailto: of its sender address. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  try {
    const url = new URL(publicUrl);
    if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  } catch {
    // Not a URL: the sender address below.
  }
  const address = /[^\s<>@]+@[^\s<>@]+/.exec(mailFrom)?.[0];
  return `mailto:${address ?? 'kete@example.invalid'}`;
}
