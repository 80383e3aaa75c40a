// Adding and removing the workspace's stores (Owner only). Adding answers that store's specials card.
import type { Specials } from '@kete/shared';
import { api } from '../../../lib/api-client.js';

const storePath = (shortCode: string, storeId: number) =>
  `/api/${encodeURIComponent(shortCode)}/stores/${storeId}`;

export const addStore = (shortCode: string, storeId: number) =>
  api.post<Specials>(storePath(shortCode, storeId));

export const removeStore = (shortCode: string, storeId: number) =>
  api.request<void>(storePath(shortCode, storeId), { method: 'DELETE' });
