// The parts of the start-up data that belong to other modules (catalogue: specials; shopping:
// favourites and lists). Each module supplies its own loader; the init service only gathers them.
import type { Favourite, ListSummary, Specials } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { isDemoCatalogue } from '../catalogue/catalogue-facts.js';
import { favouritesForInit, listsForInit } from '../shopping/shopping.init.js';
import { specialsForInit } from '../specials/specials.init.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

export interface InitSections {
  specials(workspace: Membership): Promise<Specials[]>;
  favourites(workspace: Membership): Promise<Favourite[]>;
  lists(workspace: Membership): Promise<ListSummary[]>;
  demoCatalogue(): Promise<boolean>;
}

export function initSections(ctx: AppContext): InitSections {
  return {
    specials: (workspace) => specialsForInit(ctx, workspace),
    favourites: (workspace) => favouritesForInit(ctx, workspace),
    lists: (workspace) => listsForInit(ctx, workspace),
    demoCatalogue: () => isDemoCatalogue(ctx.db),
  };
}
