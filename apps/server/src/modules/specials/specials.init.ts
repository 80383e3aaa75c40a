import type { Specials, Store } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { specialsService } from './specials.service.js';

/** For each of the workspace's stores (read once by init): up to 4 random products on promotion
 * and the count. */
export async function specialsForInit(ctx: AppContext, workspaceStores: Store[]): Promise<Specials[]> {
  return specialsService(ctx).cardsFor(workspaceStores);
}
