import type { Favourite, ListSummary } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

/** The workspace's favourites, sorted by name, each saying whether it is on promotion. */
export async function favouritesForInit(_ctx: AppContext, _workspace: Membership): Promise<Favourite[]> {
  return [];
}

/** The workspace's named lists, sorted by name. */
export async function listsForInit(_ctx: AppContext, _workspace: Membership): Promise<ListSummary[]> {
  return [];
}
