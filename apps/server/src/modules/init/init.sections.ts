// The parts of the start-up data that belong to other modules (catalogue: specials; shopping:
// favourites and lists). Each module supplies its own loader; the init service only gathers them.
import type { Favourite, ListSummary, Specials } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

export interface InitSections {
  specials(workspace: Membership): Promise<Specials[]>;
  favourites(workspace: Membership): Promise<Favourite[]>;
  lists(workspace: Membership): Promise<ListSummary[]>;
}

export function initSections(_ctx: AppContext): InitSections {
  return {
    specials: async () => [],
    favourites: async () => [],
    lists: async () => [],
  };
}
