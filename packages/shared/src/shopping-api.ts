// Shopping routes' request and response schemas (cart, lists, favourites, access). The entities
// themselves (Product, ListSummary, Favourite) are in api.ts. Quantity rules live in quantity.ts.
import { z } from 'zod';
import { ZEmail, ZProduct } from './api.js';

export const LIST_NAME_MAX_LENGTH = 100;
export const SHARED_NAME_MAX_LENGTH = 100;

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `Give the ${what} as a number.` })
    .int({ error: `Give the ${what} as a whole number.` })
    .positive({ error: `Give the ${what} as a positive number.` })
    .max(2_147_483_647, { error: `That ${what} does not exist.` });

export const ZProductId = positiveId('product id');
export const ZListId = positiveId('list id');

/* cart */
export const ZCartRequest = z.object({
  productId: ZProductId,
  quantity: z.number({ error: 'Enter the quantity as a number.' }),
});
export type CartRequest = z.infer<typeof ZCartRequest>;

export const ZCartItem = z.object({
  product: ZProduct,
  quantity: z.number(),
  // Issue 13 (plan-api.ts). The server always sends both; optional so a client can build a line
  // optimistically before the answer (read as false and []).
  /** The plan may buy the cheapest alternative for the same amount. */
  anyBrand: z.boolean().optional(),
  /** Alternatives the shopper vetoed for this item: product ids the plan must not buy. */
  excludedAlternatives: z.array(z.number().int()).optional(),
});
export type CartItem = z.infer<typeof ZCartItem>;
export const ZCart = z.array(ZCartItem);

/* named lists */
// Names are trimmed; the length and uniqueness rules are the server's (errors.name.message).
export const ZListName = z
  .string({ error: 'Enter a name for the list.' })
  .trim()
  .min(1, { error: 'Enter a name for the list.' })
  .max(LIST_NAME_MAX_LENGTH, { error: `Keep the name to ${LIST_NAME_MAX_LENGTH} characters or fewer.` });

/** A list made while adding a product holds it; one made on the Lists screen starts empty. */
export const ZCreateListRequest = z.object({ name: ZListName, productId: ZProductId.optional() });
export const ZRenameListRequest = z.object({ name: ZListName });
export const ZListProducts = z.array(ZProduct);

/* favourites */
export const ZFavouriteId = z.object({ id: z.number().int() });

/* sharing a workspace */
export const ZGrantAccessRequest = z.object({ email: ZEmail });
/** 'invited': waiting for the person to accept; 'member': they accepted and use the list. */
export const ZAccessGrant = z.object({
  email: z.string(),
  grantedAt: z.number(),
  status: z.enum(['invited', 'member']),
});
export type AccessGrant = z.infer<typeof ZAccessGrant>;
export const ZAccessGrants = z.array(ZAccessGrant);

/** An empty name puts the default ('My Kete') back. */
export const ZRenameWorkspaceRequest = z.object({
  sharedName: z
    .string({ error: 'Enter a name for the shopping list.' })
    .trim()
    .max(SHARED_NAME_MAX_LENGTH, {
      error: `Keep the name to ${SHARED_NAME_MAX_LENGTH} characters or fewer.`,
    })
    .nullable(),
});

/* asking for access to Kete (no session needed) */
export const ZAccessRequest = z.object({ email: ZEmail });
export const ZOk = z.object({ ok: z.literal(true) });
