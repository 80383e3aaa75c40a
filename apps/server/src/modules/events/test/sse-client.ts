import type { FastifyInstance } from 'fastify';

// Reads a live stream the way the web app does: fetch with the Authorization header, parsing
// server-sent event frames as they arrive.
export interface LiveFrame {
  event: string;
  data: unknown;
}

export interface LiveStream {
  status: number;
  /** The next frame with this event name (skipping others), or null once the stream ended. */
  next(name: string): Promise<LiveFrame | null>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(url: string, token?: string): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const frames: LiveFrame[] = [];
  const waiters: Array<() => void> = [];
  let done = false;
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const ended = (async () => {
    if (!response.body || !response.ok) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          frames.push({ event: name, data: data === undefined ? null : JSON.parse(data) });
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    status: response.status,
    ended,
    async next(name) {
      for (;;) {
        const index = frames.findIndex((frame) => frame.event === name);
        if (index >= 0) return frames.splice(index, 1)[0] ?? null;
        if (done) return null;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => abort.abort(),
  };
}

/** Starts the app on a free local port, for a real stream over HTTP; answers its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}
