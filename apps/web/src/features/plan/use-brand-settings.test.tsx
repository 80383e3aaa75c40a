// 'Not this one' while the plan is asked for at once: the plan asked while the change was on its
// way must not stand (the race a browser test met: the vetoed milk stayed in the plan).
import type { CartItem } from '@kete/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartQueryKey } from '../cart/api/cart-api.js';
import { useBrandSettings } from './use-brand-settings.js';

// The server: the PUT is saved only when the test says so.
let save: (() => void) | undefined;
let savedExclusions: number[] = [];
vi.mock('./api/plan-api.js', () => ({
  updateCartItemBrand: (_productId: number, change: { excludedAlternatives?: number[] }) =>
    new Promise((resolve) => {
      save = () => {
        savedExclusions = change.excludedAlternatives ?? [];
        resolve({ ...milk, ...change });
      };
    }),
}));

const milk = {
  product: { id: 1, name: 'Milk' },
  quantity: 1,
  anyBrand: true,
  excludedAlternatives: [],
} as unknown as CartItem;

afterEach(cleanup);

describe('vetoing an alternative', () => {
  it('asks for the plan again once the change is saved', async () => {
    const client = new QueryClient();
    client.setQueryData(cartQueryKey, [milk]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        const cart = useQuery({ queryKey: cartQueryKey, queryFn: () => [milk], staleTime: Infinity });
        const line = cart.data?.[0] ?? milk;
        // The plan, keyed by the line as the real plan query is; answered from what the server has.
        const plan = useQuery({
          queryKey: ['cart-plan', line.excludedAlternatives],
          queryFn: () => (savedExclusions.includes(2) ? 'buys milk 3' : 'buys milk 2'),
          staleTime: 30_000,
        });
        return { brand: useBrandSettings(line), plan: plan.data };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.plan).toBe('buys milk 2'));

    act(() => result.current.brand.veto(2));
    // The new key asked at once, before the server saved the veto: the old answer.
    await waitFor(() => expect(client.getQueryData(['cart-plan', [2]])).toBe('buys milk 2'));
    await act(async () => save?.());
    await waitFor(() => expect(result.current.plan).toBe('buys milk 3'));
  });
});
