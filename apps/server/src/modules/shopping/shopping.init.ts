import type { Favourite, ListSummary } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import type { Membership } from '../workspaces/workspaces.repository.js';
import { favouritesService } from './favourites.service.js';
import { listsService } from './lists.service.js';

/** The workspace's favourites, sorted by name, each saying whether it is on promotion. */
export async function favouritesForInit(ctx: AppContext, workspace: Membership): Promise<Favourite[]> {
  return favouritesService(ctx).list(workspace.workspaceId);
}

/** The workspace's named lists, sorted by name. */
export async function listsForInit(ctx: AppContext, workspace: Membership): Promise<ListSummary[]> {
  return listsService(ctx).summaries(workspace.workspaceId);
}
