import type { Specials } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import type { Membership } from '../workspaces/workspaces.repository.js';
import { specialsService } from './specials.service.js';

/** For each of the workspace's stores: up to 4 random products on promotion and the count. */
export async function specialsForInit(ctx: AppContext, workspace: Membership): Promise<Specials[]> {
  return specialsService(ctx).cardsFor(workspace.workspaceId);
}
