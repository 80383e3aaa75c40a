// Named lists' calls, and the queries that hold them.
import type { CartItem, ListSummary, Product, TextItem } from '@kete/shared';
import { api } from '../../../lib/api-client.js';
import { workspacePath } from '../../products/api/workspace-path.js';

export const listProductsKey = (listId: number) => ['list', listId] as const;

export const listProductsQuery = (listId: number) => ({
  queryKey: listProductsKey(listId),
  queryFn: () => api.request<Product[]>(workspacePath(`/lists/${listId}`)),
  staleTime: 0,
});

/** With a product (the add-to-list dialog) the list holds it; without (the Lists screen) it starts empty. */
export const createList = (name: string, productId?: number) =>
  api.post<ListSummary>(workspacePath('/lists'), productId === undefined ? { name } : { name, productId });

export const renameList = (listId: number, name: string) =>
  api.request<ListSummary>(workspacePath(`/lists/${listId}`), { method: 'PUT', body: { name } });

export const deleteList = (listId: number) =>
  api.request<void>(workspacePath(`/lists/${listId}`), { method: 'DELETE' });

export const addToList = (listId: number, productId: number) =>
  api.post<void>(workspacePath(`/lists/${listId}/${productId}`));

export const removeFromList = (listId: number, productId: number) =>
  api.request<void>(workspacePath(`/lists/${listId}/${productId}`), { method: 'DELETE' });

export const addListToCart = (listId: number) => api.post<CartItem[]>(workspacePath(`/lists/${listId}/cart`));

/* Free-text items on a named list (issue 49 item 2). Under the list's key: refreshed with it. */
export const listTextItemsQuery = (listId: number) => ({
  queryKey: [...listProductsKey(listId), 'items'] as const,
  queryFn: () => api.request<TextItem[]>(workspacePath(`/lists/${listId}/items`)),
  staleTime: 0,
});

export const addTextToList = (listId: number, text: string) =>
  api.post<TextItem>(workspacePath(`/lists/${listId}/items`), { text });

export const removeTextFromList = (listId: number, id: number) =>
  api.request<void>(workspacePath(`/lists/${listId}/items/${id}`), { method: 'DELETE' });
