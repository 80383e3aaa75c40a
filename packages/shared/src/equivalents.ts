// A household's own "same product" (issue 33 item 6, decision 0022): products a household says
// are the same for it. The cheapest split, the plan and 'any brand' treat a group as one item and
// buy its cheapest member by unit price. Pure, so the server, the app and their tests share it.
import { z } from 'zod';
import type { Price, Product } from './api.js';

/** A group holds at most this many products (a household's "same milk", not a category). */
export const EQUIVALENT_GROUP_MAX = 12;
/** A workspace holds at most this many groups. */
export const EQUIVALENT_GROUPS_MAX = 200;

export const equivalentMessages = {
  tooFew: 'Choose at least two products to treat as the same.',
  tooMany: `A group of the same product holds at most ${EQUIVALENT_GROUP_MAX} products.`,
  duplicates: 'Each product may be named only once.',
  unknown: 'One or more of these products are not in the catalogue.',
  tooManyGroups: `A shared list holds at most ${EQUIVALENT_GROUPS_MAX} groups of the same product.`,
  notGrouped: 'This product is not in a group of the same product.',
};

export const ZEquivalentsRequest = z.object({
  productIds: z
    .array(z.number().int().positive().max(2_147_483_647), {
      error: 'Give productIds as a list of product ids.',
    })
    .min(2, { error: equivalentMessages.tooFew })
    .max(EQUIVALENT_GROUP_MAX, { error: equivalentMessages.tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: equivalentMessages.duplicates }),
});
export type EquivalentsRequest = z.infer<typeof ZEquivalentsRequest>;

/** One group: its id and its products, lowest id first. */
export const ZEquivalentGroup = z.object({ id: z.number().int(), productIds: z.array(z.number().int()) });
export type EquivalentGroup = z.infer<typeof ZEquivalentGroup>;

/** The workspace's groups, as PUT/DELETE and the start-up data answer them. */
export const ZEquivalents = z.object({ groups: z.array(ZEquivalentGroup) });
export type Equivalents = z.infer<typeof ZEquivalents>;

/** The other products grouped with each product (a product in no group is absent). */
export function equivalentsIndex(groups: readonly EquivalentGroup[]): Map<number, number[]> {
  const index = new Map<number, number[]>();
  for (const group of groups)
    for (const id of group.productIds)
      index.set(
        id,
        group.productIds.filter((other) => other !== id),
      );
  return index;
}

/** One member's price at one store, as the rule compares them. */
export interface MemberOffer {
  productId: number;
  price: number;
  unitPrice?: number | null | undefined;
  unitMeasure?: string | null | undefined;
}

/**
 * Orders offers of a group's members: by unit price when every offer has one in the same measure
 * (cents per kg, L or each), otherwise by shelf price (a unit price missing or in another measure
 * cannot be compared, and a guess would buy the wrong pack); then by shelf price, the listed
 * product first, then the lower product id. Returns a comparator for Array.sort.
 */
export function memberOrder(
  offers: readonly MemberOffer[],
  listedId: number,
): (a: MemberOffer, b: MemberOffer) => number {
  const measure = offers[0]?.unitMeasure;
  const byUnit = measure != null && offers.every((o) => o.unitPrice != null && o.unitMeasure === measure);
  return (a, b) =>
    (byUnit ? (a.unitPrice as number) - (b.unitPrice as number) : 0) ||
    a.price - b.price ||
    Number(b.productId === listedId) - Number(a.productId === listedId) ||
    a.productId - b.productId;
}

/** The cheapest member by unit price among these offers (undefined when there are none). */
export function cheapestMember<T extends MemberOffer>(offers: readonly T[], listedId: number): T | undefined {
  return [...offers].sort(memberOrder(offers, listedId))[0];
}

/** Each price of a product as a member offer. */
export const offersOf = (product: Product): (Price & { productId: number })[] =>
  product.prices.map((price) => ({ ...price, productId: product.id }));
