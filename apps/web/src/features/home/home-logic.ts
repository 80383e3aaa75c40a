// Home's small rules, kept out of the components so they are unit-tested.
import {
  AccessLevel,
  canChangeStores,
  canGrantAccess,
  canLeaveWorkspace,
  canSeeStatistics,
  type Feature,
  type InitialData,
  promotionBadge,
} from '@kete/shared';

/** The Favourites strip's badge: 'N item(s) on promotion', or nothing when none are. */
export function favouritesBadge(favourites: readonly { onPromotion: boolean }[]): string | null {
  const onPromotion = favourites.filter((f) => f.onPromotion).length;
  return onPromotion > 0 ? promotionBadge(onPromotion) : null;
}

export type MenuEntry = 'statistics' | 'grantAccess' | 'changeStores' | 'leave' | 'signOut';

/** The avatar menu (spec section 2): by the shared permission rules, 'Sign out' always last. */
export function menuEntries(features: readonly Feature[], accessLevel: AccessLevel): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const user = { features, accessLevel };
  if (canSeeStatistics(user)) entries.push('statistics');
  // What the server enforces: 'Grant access' only in a workspace this user owns.
  if (canGrantAccess(user)) entries.push('grantAccess');
  if (canChangeStores(user)) entries.push('changeStores');
  // 'Leave this list': a Shared member in a workspace shared with them (decision 0017).
  if (canLeaveWorkspace(user)) entries.push('leave');
  entries.push('signOut');
  return entries;
}

/** The store modal opens by itself on a first visit: an Owner whose workspace has no stores. */
export const shouldAutoOpenStores = (data: Pick<InitialData, 'stores' | 'accessLevel'>) =>
  data.accessLevel === AccessLevel.Owner && data.stores.workspace.length === 0 && data.stores.all.length > 0;
