// The spec's Initial data: everything the app needs to show a workspace, in one answer.
import type { InitialData, Invitation, Store, SwitchResponse, WorkspaceRef } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { tableCache } from '../../db/table-cache.js';
import { pendingInvitations } from '../access/invitations.service.js';
import { keptEquivalentGroups } from '../household/equivalents.service.js';
import { keptTripOf } from '../household/trip.service.js';
import { storesRepository } from '../stores/stores.repository.js';
import type { User } from '../users/users.repository.js';
import { type Membership, workspacesRepository } from '../workspaces/workspaces.repository.js';
import { initSections } from './init.sections.js';

// Each store's place in the shared list (sorted by name), worked out once per list.
const storePositions = new WeakMap<readonly Store[], Map<number, number>>();
function positionsIn(all: readonly Store[]): Map<number, number> {
  let positions = storePositions.get(all);
  if (!positions) {
    positions = new Map(all.map((store, position) => [store.id, position]));
    storePositions.set(all, positions);
  }
  return positions;
}

/** A workspace as the app names it: one someone else owns carries its Owner's name (issue 49). */
const workspaceRef = (membership: Membership, user: User): WorkspaceRef => ({
  shortCode: membership.shortCode,
  sharedName: membership.sharedName,
  ...(membership.ownerUserId !== user.id && membership.ownerName ? { ownerName: membership.ownerName } : {}),
});

export function initService(ctx: AppContext) {
  const workspaces = workspacesRepository(ctx.db);
  const stores = storesRepository(ctx.db);
  const sections = initSections(ctx);
  // The user's workspaces, kept per process until one of them or its members change (table-cache.ts).
  const memberships = tableCache<Membership[]>(ctx.db, 'memberships', [
    'users',
    'workspaces',
    'workspace_members',
  ]);
  const membershipsOf = (userId: number) =>
    memberships.read(String(userId), () => workspaces.listForUser(userId));
  // Workspaces shared with the user that wait for their answer (decision 0017), kept the same way.
  const invitations = tableCache<Invitation[]>(ctx.db, 'invitations', [
    'users',
    'workspaces',
    'access_grants',
  ]);
  const invitationsOf = (email: string) => invitations.read(email, () => pendingInvitations(ctx.db, email));

  // The workspace's stores are in the shared list already in memory, sorted by name: only their
  // ids are read (the join and each store's opening hours parsed again cost more than the rest of
  // the query). A store the list does not hold yet reads the workspace's stores whole.
  async function storesOf(workspaceId: number, ids: number[], all: readonly Store[]): Promise<Store[]> {
    const at = positionsIn(all);
    const positions = ids.map((id) => at.get(id));
    if (positions.some((position) => position === undefined)) return stores.forWorkspace(workspaceId);
    return (positions as number[]).sort((a, b) => a - b).map((position) => all[position] as Store);
  }

  async function load(user: User, workspace: Membership, memberships: Membership[]): Promise<InitialData> {
    const [all, parts, demoCatalogue, waiting, trip, equivalents] = await Promise.all([
      stores.allShared(),
      sections.parts(workspace.workspaceId),
      sections.demoCatalogue(),
      invitationsOf(user.email),
      keptTripOf(ctx.db, workspace.workspaceId, ctx.clock.now()),
      keptEquivalentGroups(ctx.db, workspace.workspaceId),
    ]);
    // The specials cards are one per workspace store.
    const workspaceStores = await storesOf(workspace.workspaceId, parts.storeIds, all);
    const [specials, favourites] = await Promise.all([
      sections.specials(workspaceStores),
      parts.favouriteIds.length > 0 ? sections.favourites(workspace) : [],
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
      workspace: workspaceRef(workspace, user),
      sharedWorkspaces: memberships.map((m) => workspaceRef(m, user)),
      favourites,
      specials,
      lists: parts.lists,
      demoCatalogue,
      staleDays: ctx.config.staleDays,
      invitations: waiting,
      trip,
      equivalents,
    };
  }

  return {
    /** Start-up lands in the user's own workspace. */
    async start(user: User): Promise<InitialData> {
      const theirs = await membershipsOf(user.id);
      const own = theirs[0];
      if (!own) throw new Error(`user ${user.id} has no workspace`);
      return load(user, own, theirs);
    },

    /** Any workspace the user belongs to; anything else is simply unknown, and nothing leaks. */
    async switchTo(user: User, shortCode: string): Promise<SwitchResponse> {
      const theirs = await membershipsOf(user.id);
      const target = theirs.find((m) => m.shortCode === shortCode);
      if (!target) return { workspace_unknown: true };
      return load(user, target, theirs);
    },
  };
}
