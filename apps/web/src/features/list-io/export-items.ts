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
} from '@kete/shared';

const base = (product: Product) => ({
  productId: product.id,
  name: product.name,
  brand: product.brand,
  displayUnits: product.displayUnits,
  saleType: product.saleType,
});

export function cartExport(
  name: string,
  cart: CartItem[],
  stores: Store[],
  isIncluded: (storeId: number) => boolean,
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
  return { name, items };
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
