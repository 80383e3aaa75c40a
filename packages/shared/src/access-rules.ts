// Who may do what in a workspace (spec section 6), decided once here: the server enforces these
// rules and the web app shows an action only where they hold, so a menu entry can never lead to
// a refusal (issue 9: a Shared member saw 'Grant access' and landed on /e/403).
import { AccessLevel, Feature } from './enums.js';

export interface Permissions {
  /** The user's features (User.features). */
  features: readonly Feature[];
  /** The user's access level in the workspace in question. */
  accessLevel: AccessLevel;
}

/** Granting access by e-mail: the AccessList feature, and only in a workspace the user owns. */
export const canGrantAccess = ({ features, accessLevel }: Permissions): boolean =>
  features.includes(Feature.AccessList) && accessLevel === AccessLevel.Owner;

/** Changing the workspace's stores: its Owner. */
export const canChangeStores = ({ accessLevel }: Pick<Permissions, 'accessLevel'>): boolean =>
  accessLevel === AccessLevel.Owner;

/** Opening statistics: the Statistics feature (any workspace the user is in). */
export const canSeeStatistics = ({ features }: Pick<Permissions, 'features'>): boolean =>
  features.includes(Feature.Statistics);

/** Leaving a workspace: a Shared member may; its Owner cannot leave their own. */
export const canLeaveWorkspace = ({ accessLevel }: Pick<Permissions, 'accessLevel'>): boolean =>
  accessLevel === AccessLevel.Shared;
