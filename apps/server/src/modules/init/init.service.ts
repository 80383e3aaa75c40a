// The spec's Initial data: everything the app needs to show a workspace, in one answer.
import type { InitialData, Store, SwitchResponse } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { storesRepository } from '../stores/stores.repository.js';
import type { User } from '../users/users.repository.js';
import { type Membership, workspacesRepository } from '../workspaces/workspaces.repository.js';
import { initSections } from './init.sections.js';

export function initService(ctx: AppContext) {
  const workspaces = workspacesRepository(ctx.db);
  const stores = storesRepository(ctx.db);
  const sections = initSections(ctx);

  async function load(user: User, workspace: Membership, memberships: Membership[]): Promise<InitialData> {
    const [all, workspaceStores, specials, favourites, lists, demoCatalogue] = await Promise.all([
      stores.allShared(),
      stores.forWorkspace(workspace.workspaceId),
      sections.specials(workspace),
      sections.favourites(workspace),
      sections.lists(workspace),
      sections.demoCatalogue(),
    ]);
    return {
      member: {
        displayName: user.displayName,
        email: user.email,
        features: user.features,
        priceAlerts: user.priceAlerts ?? true,
      },
      // Shared and never changed: initialDataJson keeps its JSON with it.
      stores: { all: all as Store[], workspace: workspaceStores },
      accessLevel: workspace.accessLevel,
      workspace: { shortCode: workspace.shortCode, sharedName: workspace.sharedName },
      sharedWorkspaces: memberships.map((m) => ({ shortCode: m.shortCode, sharedName: m.sharedName })),
      favourites,
      specials,
      lists,
      demoCatalogue,
    };
  }

  return {
    /** Start-up lands in the user's own workspace. */
    async start(user: User): Promise<InitialData> {
      const memberships = await workspaces.listForUser(user.id);
      const own = memberships[0];
      if (!own) throw new Error(`user ${user.id} has no workspace`);
      return load(user, own, memberships);
    },

    /** Any workspace the user belongs to; anything else is simply unknown, and nothing leaks. */
    async switchTo(user: User, shortCode: string): Promise<SwitchResponse> {
      const memberships = await workspaces.listForUser(user.id);
      const target = memberships.find((m) => m.shortCode === shortCode);
      if (!target) return { workspace_unknown: true };
      return load(user, target, memberships);
    },
  };
}
