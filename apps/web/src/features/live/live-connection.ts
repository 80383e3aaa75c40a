// One live connection to GET /api/{shortCode}/events: reads frames, watches the heartbeat, and
// reconnects with a growing pause (waiting for the browser to be online). Every connection after
// the first may have missed events, so it reports `resynced` and the app refreshes everything.
import { LIVE_EVENT, LIVE_HEARTBEAT_SECONDS, type WorkspaceEvent } from '@kete/shared';
import { onlineOrAfter } from '../../lib/online-or-after.js';
import { heardServerTime } from './server-clock.js';
import { takeFrames } from './sse-frames.js';

export interface LiveHandlers {
  /** A change by anyone (`mine` when this user made it). */
  onChange(event: WorkspaceEvent, mine: boolean): void;
  /** Connected again after a gap: refresh whatever is shown. */
  onResync(): void;
  /** 401: the access token expired; renew it (resolves false when the session is gone). */
  renewSession(): Promise<boolean>;
  /** 403: no longer a member; the app shows why through its normal requests. */
  onForbidden(): void;
  token(): string | null;
}

const STALE_MS = LIVE_HEARTBEAT_SECONDS * 3 * 1000;
const MAX_PAUSE_MS = 15_000;

export function connectLive(shortCode: string, handlers: LiveHandlers): () => void {
  let stopped = false;
  let abort: AbortController | null = null;
  let connections = 0;
  let failures = 0;

  async function readOnce(): Promise<'again' | 'stop'> {
    const token = handlers.token();
    if (!token) return 'stop';
    abort = new AbortController();
    const current = abort;
    let watchdog = setTimeout(() => current.abort(), STALE_MS);
    const feed = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => current.abort(), STALE_MS);
    };
    try {
      const response = await fetch(`/api/${encodeURIComponent(shortCode)}/events`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        credentials: 'include',
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401) return (await handlers.renewSession()) ? 'again' : 'stop';
      if (response.status === 403) {
        handlers.onForbidden();
        return 'stop';
      }
      if (!response.ok || !response.body) return 'again';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let you: number | null = null;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'again';
        feed();
        const { frames, rest } = takeFrames(buffer + value);
        buffer = rest;
        for (const frame of frames) {
          if (frame.event === LIVE_EVENT.ping) heardServerTime((JSON.parse(frame.data) as { at: number }).at);
          if (frame.event === LIVE_EVENT.ready) {
            const ready = JSON.parse(frame.data) as { you?: number; at: number };
            you = ready.you ?? null;
            heardServerTime(ready.at);
            failures = 0;
            connections += 1;
            if (connections > 1) handlers.onResync();
          } else if (frame.event === LIVE_EVENT.change) {
            const event = JSON.parse(frame.data) as WorkspaceEvent;
            handlers.onChange(event, event.byUserId === you);
          }
        }
      }
    } catch {
      return 'again';
    } finally {
      clearTimeout(watchdog);
    }
  }

  void (async () => {
    while (!stopped) {
      const outcome = await readOnce();
      if (stopped || outcome === 'stop') return;
      failures += 1;
      // Back online: try at once rather than after the pause.
      await onlineOrAfter(Math.min(500 * 2 ** Math.min(failures - 1, 5), MAX_PAUSE_MS));
    }
  })();

  return () => {
    stopped = true;
    abort?.abort();
  };
}
