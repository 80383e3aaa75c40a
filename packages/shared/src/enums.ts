// The enumerations of spec section 3, with the numeric values the API carries.

export const AccessLevel = { Owner: 0, Shared: 2, None: 99 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

export const StoreType = { NewWorld: 1, PakNSave: 2, Woolworths: 3 } as const;
export type StoreType = (typeof StoreType)[keyof typeof StoreType];

export const storeTypeNames: Record<StoreType, string> = {
  1: 'New World',
  2: "Pak'nSave",
  3: 'Woolworths',
};

export const SaleType = { Unit: 0, Weight: 1 } as const;
export type SaleType = (typeof SaleType)[keyof typeof SaleType];

export const PromotionType = {
  None: 0,
  NewPrice: 1,
  NewWorldClubCard: 2,
  NewWorldSuperSpecial: 3,
  PakNSaveExtraLow: 4,
  WoolworthsSpecial: 5,
  WoolworthsClubPrice: 6,
} as const;
export type PromotionType = (typeof PromotionType)[keyof typeof PromotionType];

/** Spec section 3: a promotionType above 'new price' counts as a promotion. */
export function isPromotion(promotionType: number): boolean {
  return promotionType > PromotionType.NewPrice;
}

export const Feature = { AccessList: 'AccessList', Statistics: 'Statistics' } as const;
export type Feature = (typeof Feature)[keyof typeof Feature];
export const allFeatures: readonly Feature[] = [Feature.AccessList, Feature.Statistics];

export const CartTab = { All: 0, ByStore: 1 } as const;
export type CartTab = (typeof CartTab)[keyof typeof CartTab];
