// Live changes to a workspace (issue 14): what the server streams on GET /api/{shortCode}/events
// and the one sentence the app shows for it. Pure, so both sides and their tests share it.
import type { ShoppingTrip } from './household-api.js';

/** The part of a workspace a change touched; the web app refreshes that part's caches. */
export type WorkspaceTopic =
  | 'cart'
  | 'lists'
  | 'favourites'
  | 'stores'
  | 'workspace'
  | 'access'
  /** A member went shopping or the trip ended (issue 35): the event carries the trip. */
  | 'trip'
  | 'recipes'
  | 'meals'
  | 'pantry'
  /** The household's own "same product" groups (issue 33 item 6). */
  | 'equivalents';

export type WorkspaceAction = 'added' | 'changed' | 'removed';

export interface WorkspaceEvent {
  topic: WorkspaceTopic;
  action: WorkspaceAction;
  /** Who made the change (their display name) and their user id, so a phone can skip its own. */
  byUserId: number;
  byName: string;
  productId?: number;
  productName?: string;
  listId?: number;
  /** Server time of the change, epoch ms. */
  at: number;
  /** A member's own change to their membership (topic 'access'): they joined, left or declined. */
  member?: MembershipChange;
  /**
   * The app (one browser tab) that made the change, as it named itself in LIVE_CLIENT_HEADER: it
   * already shows its own change, so it ignores this echo instead of fetching again.
   */
  client?: string;
  /** Topic 'trip': the workspace's trip now (null: it ended). */
  trip?: ShoppingTrip | null;
}

export type MembershipChange = 'joined' | 'left' | 'declined';

const membershipPhrases: Record<MembershipChange, string> = {
  joined: 'joined this list',
  left: 'left this list',
  declined: 'declined the invitation to this list',
};

/** The header with which the app names itself on every request (a random id per tab). */
export const LIVE_CLIENT_HEADER = 'X-Kete-Client';
/** What a client id may look like (anything else is not repeated to other members). */
export const LIVE_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** SSE event names on the stream: `ready` on connect, `change` per event, `ping` as heartbeat. */
export const LIVE_EVENT = { ready: 'ready', change: 'change', ping: 'ping' } as const;

/** Seconds between heartbeats; a client hearing nothing for 3 of them reconnects. */
export const LIVE_HEARTBEAT_SECONDS = 15;

const things: Record<WorkspaceTopic, string> = {
  cart: 'the shopping list',
  lists: 'a list',
  favourites: 'the favourites',
  stores: 'the stores',
  workspace: 'the shared list name',
  access: 'who has access',
  trip: 'the shopping trip',
  recipes: 'a recipe',
  meals: 'the meal plan',
  pantry: 'the pantry',
  equivalents: 'products treated as the same',
};

/** 'Sam added Milk', 'Sam removed Milk', 'Sam changed the stores', 'Sam left this list'. */
export function describeWorkspaceEvent(event: WorkspaceEvent): string {
  if (event.topic === 'trip') {
    return event.trip ? `${event.byName} is going shopping` : `${event.byName} finished shopping`;
  }
  if (event.member) return `${event.byName} ${membershipPhrases[event.member]}`;
  const what = event.productName ?? things[event.topic];
  return `${event.byName} ${event.action} ${what}`;
}
