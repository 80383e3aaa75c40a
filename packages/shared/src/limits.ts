// Caps that keep one workspace (and so one self-registered user) from making requests heavy for
// everyone. The server enforces them with a 400 in the spec's error shape; the web app reads the
// same numbers to say so before a shopper meets them. Why these numbers: docs/decisions/0006.

export const workspaceLimits = {
  /** Stores a workspace compares (a household shops at a handful; 20 covers a whole city). */
  stores: 20,
  /** Products on the shared shopping list. */
  cartItems: 500,
  /** Favourite products. */
  favourites: 500,
  /** Products in one named list. */
  listItems: 500,
  /** Named lists in one workspace. */
  lists: 100,
  /** Addresses granted access to one workspace. */
  accessGrants: 50,
  /** Recipes in one workspace (issue 34; a household cooks a few dozen, a keen one a few hundred). */
  recipes: 500,
  /** Products in the pantry. */
  pantryItems: 500,
} as const;

export type WorkspaceLimit = keyof typeof workspaceLimits;

/** The message a shopper sees when a cap stops a write (errors.<field>.message too). */
export const limitMessages: Record<WorkspaceLimit, string> = {
  stores: `A shopping list can compare up to ${workspaceLimits.stores} stores. Remove one to add another.`,
  cartItems: `The shopping list can hold up to ${workspaceLimits.cartItems} products. Remove some to add more.`,
  favourites: `You can keep up to ${workspaceLimits.favourites} favourites. Remove some to add more.`,
  listItems: `A list can hold up to ${workspaceLimits.listItems} products. Remove some to add more.`,
  lists: `You can keep up to ${workspaceLimits.lists} lists. Delete one to make another.`,
  accessGrants: `A shopping list can be shared with up to ${workspaceLimits.accessGrants} addresses.`,
  recipes: `You can keep up to ${workspaceLimits.recipes} recipes. Delete one to add another.`,
  pantryItems: `The pantry can hold up to ${workspaceLimits.pantryItems} products. Remove some to add more.`,
};

/** Writes (POST, PUT, PATCH, DELETE) one user may make a minute; a household never comes close. */
export const WRITES_PER_USER_PER_MINUTE = 300;
/** Access grants one Owner may send, per hour and per day (each sends an e-mail). */
export const GRANTS_PER_OWNER_PER_HOUR = 10;
export const GRANTS_PER_OWNER_PER_DAY = 30;
/** The same address is e-mailed about a grant at most once in this many hours (per Owner). */
export const GRANT_MAIL_COOLDOWN_HOURS = 24;

/**
 * Plans (POST /api/{shortCode}/cart/plan) one user may have worked out a minute. A plan asked for
 * again for an unchanged shopping list is answered from memory and not counted.
 */
export const PLANS_PER_USER_PER_MINUTE = 30;

/**
 * "Buy now or wait" outlooks (decision 0025): the (product, store) pairs one user may have worked
 * out fresh a minute, each a read of that pair's whole price history. Pairs already kept for the
 * day are free. 4,000 is a normal list's first view (200 products at 6 stores, 1,200 pairs) three
 * times over, or one of the app's calls at the stores' cap (200 products at 20 stores).
 */
export const OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE = 4_000;
/**
 * The pairs (products asked x the workspace's stores) one call may ask for, kept or not: one
 * call's work is bounded and always fits in a fresh minute's budget. The app asks 200 products a
 * call, so it never meets this even at 20 stores.
 */
export const OUTLOOK_PAIRS_PER_CALL = 4_000;

/**
 * Recipe imports (POST /api/{shortCode}/recipes/import) one user may make a minute, and at once:
 * each may fetch a page and read 2 MB of HTML (issue 43).
 */
export const IMPORTS_PER_USER_PER_MINUTE = 30;
export const IMPORTS_PER_USER_AT_ONCE = 2;

/**
 * Live streams (GET /api/{shortCode}/events) open at once: per user (a phone and a laptop, a few
 * tabs) and per client address (a household behind one router).
 */
export const LIVE_STREAMS_PER_USER = 5;
export const LIVE_STREAMS_PER_CLIENT = 20;

/**
 * Web Push within bounds (issue 44 item 3, decision 0023): devices one user may subscribe (the
 * oldest goes when one more is saved), pushes a minute to one user across their devices and to
 * one workspace's members together (past them a push is not sent), and the failures in a row
 * after which a device is dropped.
 */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
export const PUSHES_PER_USER_PER_MINUTE = 60;
export const PUSHES_PER_WORKSPACE_PER_MINUTE = 300;
export const PUSH_FAILURES_BEFORE_DROP = 3;

/** What a cap counts, for "18 of 20 stores". */
export const limitNouns: Record<WorkspaceLimit, string> = {
  stores: 'stores',
  cartItems: 'products',
  favourites: 'favourites',
  listItems: 'products',
  lists: 'lists',
  accessGrants: 'addresses',
  recipes: 'recipes',
  pantryItems: 'products',
};

/** From this share of a cap on, the web app shows how close it is ("16 of 20 stores"). */
export const NEAR_CAP_SHARE = 0.8;

export interface CapState {
  count: number;
  max: number;
  /** Nothing more can be added (re-adding what is already there still works). */
  atCap: boolean;
  /** At or past NEAR_CAP_SHARE of the cap, including at it: worth showing the count. */
  nearCap: boolean;
  /** "18 of 20 stores". */
  label: string;
  /** limitMessages' text, shown when the cap is reached. */
  message: string;
}

/** How `count` things stand against a workspace cap. */
export function capState(count: number, limit: WorkspaceLimit): CapState {
  const max = workspaceLimits[limit];
  return {
    count,
    max,
    atCap: count >= max,
    nearCap: count >= Math.ceil(max * NEAR_CAP_SHARE),
    label: `${count} of ${max} ${limitNouns[limit]}`,
    message: limitMessages[limit],
  };
}
