// A store's aisle order for in-store mode (issue 35): the server's learned or hand-set order;
// with no answer (offline, nothing kept) the chain's walking order.
import { AISLES, type AisleKey, type AisleOrder } from '@kete/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { workspacePath } from '../products/api/workspace-path.js';

const keyOf = (storeId: number) => ['aisle-order', storeId] as const;
const pathOf = (storeId: number) => workspacePath(`/stores/${storeId}/aisle-order`);
const CHAIN: AisleOrder = { categories: AISLES.map((a) => a.key), source: 'chain' };

export function useAisleOrder(storeId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keyOf(storeId),
    queryFn: () => api.request<AisleOrder>(pathOf(storeId), { loading: false, quiet: true }),
  });
  const save = useMutation({
    mutationFn: (categories: AisleKey[]) =>
      api.request<AisleOrder>(pathOf(storeId), { method: 'PUT', body: { categories } }),
    // The hand order shows at once; the answer (the same order, completed) replaces it.
    onMutate: (categories) =>
      queryClient.setQueryData<AisleOrder>(keyOf(storeId), { categories, source: 'set' }),
    onSettled: (answer) => {
      if (answer) queryClient.setQueryData(keyOf(storeId), answer);
    },
  });
  const reset = useMutation({
    mutationFn: () => api.request<AisleOrder>(pathOf(storeId), { method: 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(keyOf(storeId), answer),
  });
  return {
    order: query.data ?? CHAIN,
    save: (categories: AisleKey[]) => save.mutate(categories),
    reset: () => reset.mutate(),
  };
}

/** `order` with the aisle at `from` moved to `to`. */
export function moved<T>(order: readonly T[], from: number, to: number): T[] {
  const result = [...order];
  const [item] = result.splice(from, 1);
  if (item === undefined) return result;
  result.splice(Math.max(0, Math.min(result.length, to)), 0, item);
  return result;
}
