// The reliability bench's household load: each virtual shopper owns one workspace and loops over a
// realistic mix (search, product prices, start-up, cart add/set/remove, list and favourite edits),
// keeping its own model of what every acknowledged write left behind, checked at the end. A write
// with no answer (the connection dropped, or a 5xx) may or may not have happened: the model keeps
// every outcome it allows, so the check still proves it was applied at most once.

export interface Shopper {
  token: string;
  shortCode: string;
  listId: number;
  /**
   * productId -> the quantities the cart can hold (0 = not in it). One value once every write
   * was answered; several while an unanswered write's fate is open; null when too many to track.
   */
  cart: Map<number, number[] | null>;
  list: Map<number, boolean | null>;
  favourites: Map<number, boolean | null>;
}

/** A finished request: when it ended (performance.now()), its status, 0 dropped, -1 no answer in time. */
export type Outcome = [end: number, status: number, start: number];

export interface LoadFigures {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
  dropped: number;
  /** Requests with no answer within CLIENT_TIMEOUT_MS (a hang). */
  timeouts: number;
  acknowledgedWrites: number;
  /** Idempotent writes sent again after a dropped connection or a 503. */
  retries: number;
  /** 503 answers whose body was not the spec's error shape (a message). */
  badShape503: number;
  /** Every request in the order they ended. */
  timeline: Outcome[];
}

export const CLIENT_TIMEOUT_MS = 10_000;
const MAX_OUTCOMES = 8;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One request; answers its status (0 when the connection failed, -1 on timeout) and JSON body. */
async function call(
  base: string,
  figures: LoadFigures,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    const end = performance.now();
    figures.latencies.push(end - started);
    figures.requests++;
    figures.statuses.set(res.status, (figures.statuses.get(res.status) ?? 0) + 1);
    figures.timeline.push([end, res.status, started]);
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (res.status === 503 && typeof (json as { message?: unknown } | null)?.message !== 'string')
      figures.badShape503++;
    return { status: res.status, json };
  } catch (error) {
    figures.requests++;
    const timedOut = (error as Error).name === 'TimeoutError';
    if (timedOut) figures.timeouts++;
    else figures.dropped++;
    figures.timeline.push([performance.now(), timedOut ? -1 : 0, started]);
    return { status: timedOut ? -1 : 0, json: null };
  }
}

/** Sends an idempotent write, once more after a dropped connection or a 503 (as a client may). */
async function idempotent(
  base: string,
  figures: LoadFigures,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<number> {
  const first = await call(base, figures, method, path, token, body);
  if (first.status !== 0 && first.status !== 503) return first.status;
  figures.retries++;
  await new Promise((resolve) => setTimeout(resolve, 100));
  return (await call(base, figures, method, path, token, body)).status;
}

export const newFigures = (): LoadFigures => ({
  requests: 0,
  seconds: 0,
  latencies: [],
  statuses: new Map(),
  dropped: 0,
  timeouts: 0,
  acknowledgedWrites: 0,
  retries: 0,
  badShape503: 0,
  timeline: [],
});

/** An answer that says the write did not happen for certain (4xx: refused before any change). */
const refused = (status: number) => status >= 400 && status < 500;
const unknown = (status: number) => status <= 0 || status >= 500;

/** The cart quantities possible after a write whose fate is open. */
function widen(possible: number[] | null | undefined, outcomes: number[]): number[] | null {
  if (possible === null) return null;
  const all = [...new Set([...(possible ?? [0]), ...outcomes])].sort((a, b) => a - b);
  return all.length > MAX_OUTCOMES ? null : all;
}

/**
 * Runs `loops` concurrent loops (connections) for `seconds`, each taking turns among its share of
 * the shoppers (a loop sends far faster than a person; several households per loop keep each one
 * under the per-user write limit); `writesOnly` leaves out the reads.
 */
export async function runHouseholds(
  base: string,
  shoppers: Shopper[],
  productIds: number[],
  seconds: number,
  figures: LoadFigures,
  writesOnly = false,
  loops = shoppers.length,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  const words = ['milk', 'bread', 'bench', 'cheese', 'apple', 'coffee'];
  const loop = async (mine: Shopper[]) => {
    for (let turn = 0; Date.now() < until; turn++) {
      const s = mine[turn % mine.length] as Shopper;
      const sc = s.shortCode;
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
        // Adds one: not idempotent, so never sent twice.
        const { status } = await call(base, figures, 'POST', `/api/${sc}/cart`, s.token, {
          productId: product,
          quantity: 1,
        });
        const before = s.cart.get(product);
        if (status === 200) {
          figures.acknowledgedWrites++;
          s.cart.set(product, before === null ? null : (before ?? [0]).map((q) => q + 1));
        } else if (unknown(status)) {
          s.cart.set(
            product,
            widen(
              before,
              (before ?? [0]).map((q) => q + 1),
            ),
          );
        }
      } else if (r < 0.75) {
        const quantity = 1 + Math.floor(Math.random() * 5);
        const status = await idempotent(base, figures, 'PUT', `/api/${sc}/cart`, s.token, {
          productId: product,
          quantity,
        });
        if (status === 200) {
          figures.acknowledgedWrites++;
          s.cart.set(product, [quantity]);
        } else if (unknown(status)) {
          s.cart.set(product, widen(s.cart.get(product), [quantity]));
        }
      } else if (r < 0.83) {
        const status = await idempotent(base, figures, 'DELETE', `/api/${sc}/cart/${product}`, s.token);
        if (status === 204) {
          figures.acknowledgedWrites++;
          s.cart.set(product, [0]);
        } else if (unknown(status)) {
          s.cart.set(product, widen(s.cart.get(product), [0]));
        }
      } else {
        const add = Math.random() < 0.6;
        const favourite = r >= 0.92;
        const path = favourite
          ? `/api/${sc}/favourites/${product}`
          : `/api/${sc}/lists/${s.listId}/${product}`;
        const status = await idempotent(base, figures, add ? 'POST' : 'DELETE', path, s.token);
        const model = favourite ? s.favourites : s.list;
        if (status === 200 || status === 204) {
          figures.acknowledgedWrites++;
          model.set(product, add);
        } else if (!refused(status)) {
          model.set(product, null);
        }
      }
    }
  };
  const groups = Array.from({ length: Math.min(loops, shoppers.length) }, (_, i) =>
    shoppers.filter((_s, n) => n % loops === i),
  );
  await Promise.all(groups.map(loop));
  figures.seconds = (performance.now() - started) / 1000;
}

export interface Verification {
  /** Items whose every write was answered: the database must hold exactly the model's value. */
  checked: number;
  /** Items with an unanswered write: the database must hold one of the outcomes it allows. */
  open: number;
  lost: string[];
}

/** Compares every workspace with its shopper's model; answers the mismatches (lost writes). */
export async function verifyHouseholds(base: string, shoppers: Shopper[]): Promise<Verification> {
  const lost: string[] = [];
  let checked = 0;
  let open = 0;
  const get = async (path: string, token: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  for (const s of shoppers) {
    const cart = (await get(`/api/${s.shortCode}/cart`, s.token)) as {
      product: { id: number };
      quantity: number;
    }[];
    const actual = new Map(cart.map((item) => [item.product.id, item.quantity]));
    for (const [id, possible] of s.cart) {
      if (possible === null) continue;
      const found = actual.get(id) ?? 0;
      if (possible.length === 1) checked++;
      else open++;
      if (!possible.includes(found))
        lost.push(`${s.shortCode} cart ${id}: expected ${possible.join(' or ')}, found ${found}`);
    }
    for (const [id] of actual) {
      if (!s.cart.has(id)) lost.push(`${s.shortCode} cart ${id}: present but never written`);
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
  return { checked, open, lost };
}

export const describeVerification = (name: string, v: Verification) =>
  `${name}: acknowledged writes checked ${v.checked} items exact + ${v.open} items with an unanswered write (one of its possible outcomes), lost or wrong ${v.lost.length}${v.lost.length ? `: ${v.lost.slice(0, 5).join('; ')}` : ''}`;

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
    `5xx ${fiveXx}, dropped ${f.dropped}, hung ${f.timeouts}; statuses ${statuses}; acknowledged writes ${f.acknowledgedWrites}` +
    (f.retries ? `; idempotent writes retried ${f.retries}` : '')
  );
}
