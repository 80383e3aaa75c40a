// The outlook asks of one moment (a list's rows, the drawer) go as one call, and each asker gets
// its own product's stores.
import { focusManager, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-errors.js';

const request = vi.fn();
vi.mock('../../lib/api-client.js', () => ({ api: { request } }));
vi.mock('../products/api/workspace-path.js', () => ({ workspacePath: (path: string) => `/api/ABC${path}` }));

const { OVER_BUDGET_RETRY_MS, productOutlookQuery } = await import('./outlook-api.js');

const stores = (storeId: number) => [{ storeId, advice: 'wait' }];

beforeEach(() => request.mockReset());

describe('productOutlookQuery', () => {
  it('asks for the products of one moment in one call, and answers each its own', async () => {
    request.mockResolvedValue({
      products: [
        { productId: 7, stores: stores(1) },
        { productId: 9, stores: stores(2) },
      ],
    });
    const answers = await Promise.all([7, 9, 11].map((id) => productOutlookQuery(id).queryFn()));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('/api/ABC/outlooks?ids=7,9,11');
    expect(request.mock.calls[0]?.[1]).toEqual({ loading: false, inline: true });
    expect(answers).toEqual([stores(1), stores(2), []]);
  });

  it('asks again for a later moment, and in calls of 200 for a long list', async () => {
    request.mockResolvedValue({ products: [] });
    await productOutlookQuery(1).queryFn();
    await Promise.all(Array.from({ length: 450 }, (_, i) => productOutlookQuery(i + 2).queryFn()));
    expect(request).toHaveBeenCalledTimes(4);
    expect(request.mock.calls.map((c) => String(c[0]).split(',').length)).toEqual([1, 200, 200, 50]);
  });
});

describe('a call refused among several', () => {
  it("fails only its own products: the other calls' answers still show", async () => {
    const refused = new Error('You are asking for many price outlooks at once.');
    request
      .mockResolvedValueOnce({ products: [{ productId: 1, stores: stores(1) }] })
      .mockRejectedValueOnce(refused);
    const asked = Array.from({ length: 201 }, (_, i) => productOutlookQuery(i + 1).queryFn());
    const settled = await Promise.allSettled(asked);
    expect(request).toHaveBeenCalledTimes(2);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: stores(1) });
    expect(settled[1]).toEqual({ status: 'fulfilled', value: [] });
    expect(settled[200]).toEqual({ status: 'rejected', reason: refused });
  });
});

describe('rows refused past the minute’s budget', () => {
  it('ask again a minute on, together in one call, and fill in', async () => {
    vi.useFakeTimers();
    try {
      // A query asks again only on a page in view (jsdom's is 'prerender').
      focusManager.setFocused(true);
      const client = new QueryClient();
      request
        .mockRejectedValueOnce(new ApiRequestError(429, null))
        .mockResolvedValueOnce({ products: [{ productId: 5, stores: stores(3) }] });
      const rows = [5, 6].map((id) => client.fetchQuery(productOutlookQuery(id)));
      await vi.advanceTimersByTimeAsync(OVER_BUDGET_RETRY_MS - 1_000);
      expect(request).toHaveBeenCalledTimes(1);
      // Past the minute, and the moment the batch waits to gather its asks.
      await vi.advanceTimersByTimeAsync(1_100);
      expect(await Promise.all(rows)).toEqual([stores(3), []]);
      expect(request).toHaveBeenCalledTimes(2);
      expect(request.mock.calls[1]?.[0]).toBe('/api/ABC/outlooks?ids=5,6');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not ask again after another failure (offline, a 500)', async () => {
    request.mockRejectedValueOnce(new ApiRequestError(0, null));
    await expect(new QueryClient().fetchQuery(productOutlookQuery(8))).rejects.toThrow();
    expect(request).toHaveBeenCalledTimes(1);
  });
});
