// The reliability bench's household load: each virtual shopper owns one workspace and loops over a
// realistic mix (search, product prices, start-up, cart add/set/remove, list and favourite edits),
// keeping its own model of what every acknowledged write left behind, checked at the end.

export interface Shopper {
  token: string;
  shortCode: string;
  listId: number;
  /** productId -> quantity; null once a write's fate is unknown (no answer, or a 5xx). */
  cart: Map<number, number | null>;
  list: Map<number, boolean | null>;
  favourites: Map<number, boolean | null>;
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
  dropped: number;
  /** Requests with no answer within 10 s (a hang). */
  timeouts: number;
  acknowledgedWrites: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One request; answers its status (0 when the connection failed) and JSON body, timing it. */
async function call(
  base: string,
  figures: LoadFigures,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    figures.latencies.push(performance.now() - started);
    figures.requests++;
    figures.statuses.set(res.status, (figures.statuses.get(res.status) ?? 0) + 1);
    return { status: res.status, json: text ? JSON.parse(text) : null };
  } catch (error) {
    figures.requests++;
    if ((error as Error).name === 'TimeoutError') figures.timeouts++;
    else figures.dropped++;
    return { status: 0, json: null };
  }
}

export const newFigures = (): LoadFigures => ({
  requests: 0,
  seconds: 0,
  latencies: [],
  statuses: new Map(),
  dropped: 0,
  timeouts: 0,
  acknowledgedWrites: 0,
});

/** Runs `shoppers.length` loops for `seconds`; `writesOnly` leaves out the reads. */
export async function runHouseholds(
  base: string,
  shoppers: Shopper[],
  productIds: number[],
  seconds: number,
  figures: LoadFigures,
  writesOnly = false,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  const words = ['milk', 'bread', 'bench', 'cheese', 'apple', 'coffee'];
  const loop = async (s: Shopper) => {
    const sc = s.shortCode;
    while (Date.now() < until) {
      const product = pick(productIds);
      const r = Math.random();
      // Reads: about half of a household's requests.
      if (!writesOnly && r < 0.25) {
        await call(base, figures, 'POST', `/api/${sc}/products/search`, s.token, { text: pick(words) });
      } else if (!writesOnly && r < 0.4) {
        await call(base, figures, 'GET', `/api/${sc}/products/${product}`, s.token);
      } else if (!writesOnly && r < 0.45) {
        await call(base, figures, 'POST', '/api/init/start', s.token);
      } else if (r < 0.65) {
        const res = await call(base, figures, 'POST', `/api/${sc}/cart`, s.token, {
          productId: product,
          quantity: 1,
        });
        const before = s.cart.get(product);
        if (res.status === 200) {
          figures.acknowledgedWrites++;
          s.cart.set(product, before === null ? null : (before ?? 0) + 1);
        } else if (res.status === 0 || res.status >= 500) s.cart.set(product, null);
      } else if (r < 0.75) {
        const quantity = 1 + Math.floor(Math.random() * 5);
        const res = await call(base, figures, 'PUT', `/api/${sc}/cart`, s.token, {
          productId: product,
          quantity,
        });
        if (res.status === 200) {
          figures.acknowledgedWrites++;
          s.cart.set(product, quantity);
        } else if (res.status === 0 || res.status >= 500) s.cart.set(product, null);
      } else if (r < 0.83) {
        const res = await call(base, figures, 'DELETE', `/api/${sc}/cart/${product}`, s.token);
        if (res.status === 204) {
          figures.acknowledgedWrites++;
          s.cart.delete(product);
        } else if (res.status === 0 || res.status >= 500) s.cart.set(product, null);
      } else if (r < 0.92) {
        const add = Math.random() < 0.6;
        const res = await call(
          base,
          figures,
          add ? 'POST' : 'DELETE',
          `/api/${sc}/lists/${s.listId}/${product}`,
          s.token,
        );
        if (res.status === 204) {
          figures.acknowledgedWrites++;
          s.list.set(product, add);
        } else if (res.status === 0 || res.status >= 500) s.list.set(product, null);
      } else {
        const add = Math.random() < 0.6;
        const res = await call(
          base,
          figures,
          add ? 'POST' : 'DELETE',
          `/api/${sc}/favourites/${product}`,
          s.token,
        );
        if (res.status === 200 || res.status === 204) {
          figures.acknowledgedWrites++;
          s.favourites.set(product, add);
        } else if (res.status === 0 || res.status >= 500) s.favourites.set(product, null);
      }
    }
  };
  await Promise.all(shoppers.map(loop));
  figures.seconds = (performance.now() - started) / 1000;
}

/** Compares every workspace with its shopper's model; answers the mismatches (lost writes). */
export async function verifyHouseholds(
  base: string,
  shoppers: Shopper[],
): Promise<{ checked: number; lost: string[] }> {
  const lost: string[] = [];
  let checked = 0;
  const get = async (path: string, token: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  for (const s of shoppers) {
    const cart = (await get(`/api/${s.shortCode}/cart`, s.token)) as {
      product: { id: number };
      quantity: number;
    }[];
    const actual = new Map(cart.map((item) => [item.product.id, item.quantity]));
    for (const [id, quantity] of s.cart) {
      if (quantity === null) continue;
      checked++;
      if (actual.get(id) !== quantity)
        lost.push(`${s.shortCode} cart ${id}: expected ${quantity}, found ${actual.get(id)}`);
    }
    for (const [id] of actual) {
      if (!s.cart.has(id)) lost.push(`${s.shortCode} cart ${id}: present but never acknowledged`);
    }
    const list = new Set(
      ((await get(`/api/${s.shortCode}/lists/${s.listId}`, s.token)) as { id: number }[]).map((p) => p.id),
    );
    for (const [id, present] of s.list) {
      if (present === null) continue;
      checked++;
      if (list.has(id) !== present) lost.push(`${s.shortCode} list ${id}: expected ${present}`);
    }
    const favourites = new Set(
      ((await get(`/api/${s.shortCode}/favourites`, s.token)) as { id: number }[]).map((p) => p.id),
    );
    for (const [id, present] of s.favourites) {
      if (present === null) continue;
      checked++;
      if (favourites.has(id) !== present) lost.push(`${s.shortCode} favourite ${id}: expected ${present}`);
    }
  }
  return { checked, lost };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function describeFigures(name: string, f: LoadFigures): string {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const fiveXx = [...f.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const statuses = [...f.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}:${c}`)
    .join(' ');
  return (
    `${name}: ${f.requests} requests in ${f.seconds.toFixed(1)} s = ${(f.requests / f.seconds).toFixed(0)} req/s; ` +
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; ` +
    `5xx ${fiveXx}, dropped ${f.dropped}, hung ${f.timeouts}; statuses ${statuses}; acknowledged writes ${f.acknowledgedWrites}`
  );
}
