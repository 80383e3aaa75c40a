// Buy now or wait (issue 46): each product's outlook, asked for in batches. The drawer and every
// shopping-list row ask for one product; the asks of one moment go as one GET /outlooks call, so
// a list of 100 rows costs one request, not 100.
import type { Outlooks, StoreOutlook } from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { workspacePath } from '../products/api/workspace-path.js';

/** Ids per call: well inside the server's cap and a URL's length. */
const BATCH = 200;

/** A product's stores, or why its call failed. */
type Found = Map<number, StoreOutlook[] | { failed: unknown }>;

let waiting: { ids: Set<number>; answer: Promise<Found> } | null = null;

async function fetchOutlooks(ids: number[]): Promise<Found> {
  const out: Found = new Map();
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    // An extra around the screen (in the store, often offline): a failure leaves the outlook out
    // instead of an error page. A call refused (a 429 past the minute's fresh outlooks, decision
    // 0023) fails only its own products: the calls answered still show.
    try {
      const { products } = await api.request<Outlooks>(workspacePath(`/outlooks?ids=${chunk.join(',')}`), {
        loading: false,
        inline: true,
      });
      for (const p of products) out.set(p.productId, p.stores);
    } catch (failed) {
      for (const id of chunk) out.set(id, { failed });
    }
  }
  return out;
}

function outlookOf(productId: number): Promise<StoreOutlook[]> {
  if (!waiting) {
    const batch = { ids: new Set<number>(), answer: Promise.resolve<Found>(new Map()) };
    batch.answer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      waiting = null;
      return fetchOutlooks([...batch.ids]);
    });
    waiting = batch;
  }
  waiting.ids.add(productId);
  return waiting.answer.then((found) => {
    const got = found.get(productId) ?? [];
    if ('failed' in got) throw got.failed;
    return got;
  });
}

/** A refusal past the minute's fresh outlooks (decision 0023): its budget refills within a minute. */
const isOverBudget = (error: unknown) => error instanceof ApiRequestError && error.status === 429;
/** The budget's minute, and a little: the rows refused at once ask again together (one call). */
export const OVER_BUDGET_RETRY_MS = 61_000;
const OVER_BUDGET_RETRIES = 3;

export const productOutlookQuery = (productId: number) => ({
  queryKey: ['product-outlook', workspacePath(''), productId] as const,
  queryFn: () => outlookOf(productId),
  // Outlooks change with a feed (weekly at most) or the day.
  staleTime: 30 * 60_000,
  // A long list at many stores may pass the minute's budget: its last rows ask again a minute on,
  // so they fill in without the list being opened again.
  retry: (failures: number, error: unknown) => isOverBudget(error) && failures < OVER_BUDGET_RETRIES,
  retryDelay: OVER_BUDGET_RETRY_MS,
});
