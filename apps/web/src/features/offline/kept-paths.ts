// Which answers this device keeps for offline use, and which workspace each belongs to (decision
// 0017). Start-up (a POST to init/start or init/switch: what a reload needs) and every read of a
// workspace (its shopping list, lists, product prices, specials, statistics). Never the live
// stream, never sign-in, never writes. Pure, so it is unit-tested.

/** First path segments under /api that are not a workspace's shortCode. */
const NOT_WORKSPACES = new Set([
  'init',
  'identity',
  'me',
  'alerts',
  'access',
  'health',
  'statistics',
  'bench',
]);

export interface KeptRead {
  /** The workspace's shortCode; null for start-up at /api/init/start (the answer says which). */
  workspace: string | null;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The kept read a request is, or null when its answer is not kept. */
export function keptReadOf(method: string, path: string): KeptRead | null {
  const [pathname = '', query = ''] = path.split('?');
  if (method === 'POST') {
    if (pathname === '/api/init/start') return { workspace: null };
    const switched = /^\/api\/init\/switch\/([^/]+)$/.exec(pathname);
    const code = switched?.[1] ? decode(switched[1]) : null;
    return code ? { workspace: code } : null;
  }
  if (method !== 'GET') return null;
  if (pathname === '/api/statistics') {
    return { workspace: new URLSearchParams(query).get('workspace') ?? '' };
  }
  const match = /^\/api\/([^/]+)\/(.+)$/.exec(pathname);
  if (!match?.[1] || !match[2] || NOT_WORKSPACES.has(match[1]) || match[2] === 'events') return null;
  const code = decode(match[1]);
  return code ? { workspace: code } : null;
}

/** The workspace a request's path acts on (for forgetting it on a 403), or null. */
export function workspaceOfPath(path: string): string | null {
  const match = /^\/api\/([^/?]+)(?:[/?]|$)/.exec(path);
  if (!match?.[1] || NOT_WORKSPACES.has(match[1])) return null;
  return decode(match[1]);
}

/** The start-up path that reopens a workspace: what init/start answered is kept under it too. */
export const switchPathOf = (shortCode: string) => `/api/init/switch/${encodeURIComponent(shortCode)}`;
