import type { Favourite } from '@kete/shared';
import { api } from '../../../lib/api-client.js';

export const fetchFavourites = (shortCode: string) =>
  api.request<Favourite[]>(`/api/${encodeURIComponent(shortCode)}/favourites`, { loading: false });
