// The shopping list or a named list as ExportList (packages/shared list-export.ts): the shopping
// list with each item at its cheapest included store (the 'By store' rule) and that store's name;
// a named list (no quantities) at each product's smallest quantity and best price.
import {
  type CartItem,
  type ExportList,
  lineTotal,
  type Product,
  type Store,
  splitCartByStore,
  type TextItem,
} from '@kete/shared';

const base = (product: Product) => ({
  productId: product.id,
  name: product.name,
  brand: product.brand,
  displayUnits: product.displayUnits,
  saleType: product.saleType,
});

/** An item written in with no product (issue 49): its words, its count, no price or store. */
const writtenExport = (item: TextItem) => ({
  productId: null,
  name: item.text,
  brand: null,
  displayUnits: null,
  saleType: 0 as const,
  quantity: item.quantity,
  lineTotal: null,
  storeName: null,
});

export function cartExport(
  name: string,
  cart: CartItem[],
  stores: Store[],
  isIncluded: (storeId: number) => boolean,
  written: TextItem[] = [],
): ExportList {
  const { groups, unpriced } = splitCartByStore(cart, stores, isIncluded);
  const items = groups.flatMap((group) =>
    group.lines.map((line) => ({
      ...base(line.product),
      quantity: line.quantity,
      lineTotal: line.counted ? line.lineTotal : null,
      storeName: line.counted ? group.store.name : null,
    })),
  );
  for (const line of unpriced)
    items.push({ ...base(line.product), quantity: line.quantity, lineTotal: null, storeName: null });
  return { name, items: [...items, ...written.map(writtenExport)] };
}

export function namedListExport(name: string, products: Product[]): ExportList {
  return {
    name,
    items: products.map((product) => ({
      ...base(product),
      quantity: product.minimumQuantity,
      lineTotal: product.bestPrice === null ? null : lineTotal(product.bestPrice, product.minimumQuantity),
    })),
  };
}
