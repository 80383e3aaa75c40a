// A household's own "same product" groups (issue 33 item 6, decision 0022): the calls, the
// groups as the start-up data holds them, and the grouped products' answers for the cheapest split.
import { type EquivalentGroup, type Equivalents, equivalentsIndex, type Product } from '@kete/shared';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryClient } from '../../../lib/query-client.js';
import { useWorkspaceStore } from '../../../lib/workspace-store.js';
import { workspacePath } from './workspace-path.js';

const NO_GROUPS: EquivalentGroup[] = [];

/** The workspace's groups, as the start-up data and the last change answered them. */
export function useEquivalentGroups(): EquivalentGroup[] {
  return useWorkspaceStore((s) => s.data?.equivalents ?? NO_GROUPS);
}

/** A product as the app shows it (what the start-up data and search answer). */
export const productQuery = (productId: number) => ({
  queryKey: ['product', productId] as const,
  queryFn: () => api.request<Product>(workspacePath(`/products/${productId}`), { loading: false }),
  staleTime: 60_000,
});

/** The products grouped with each product of these (with their prices), for the cheapest split. */
export function useEquivalentProducts(productIds: readonly number[]): (productId: number) => Product[] {
  const index = equivalentsIndex(useEquivalentGroups());
  const wanted = [...new Set(productIds.flatMap((id) => index.get(id) ?? []))].sort((a, b) => a - b);
  const results = useQueries({ queries: wanted.map((id) => productQuery(id)) });
  const byId = new Map<number, Product>();
  for (const result of results) if (result.data) byId.set(result.data.id, result.data);
  return (productId) => (index.get(productId) ?? []).flatMap((id) => byId.get(id) ?? []);
}

/** Keeps a change's answer in the start-up data, and asks for plans again. */
export function keepEquivalents(answer: Equivalents) {
  const data = useWorkspaceStore.getState().data;
  if (data) useWorkspaceStore.getState().setData({ ...data, equivalents: answer.groups });
  // What a plan buys changes with the groups.
  void queryClient.invalidateQueries({ queryKey: ['cart-plan'] });
}

export const putEquivalents = (productIds: number[]) =>
  api.request<Equivalents>(workspacePath('/equivalents'), {
    method: 'PUT',
    body: { productIds },
    inline: true,
    offline: false,
  });

export const removeEquivalent = (productId: number) =>
  api.request<Equivalents>(workspacePath(`/equivalents/${productId}`), {
    method: 'DELETE',
    inline: true,
    offline: false,
  });
