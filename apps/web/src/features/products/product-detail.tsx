// What the product and shopping-list item drawers share: the product, the quantity stepper, the
// drawer's buttons, the per-store prices and the price history (issue 12).
import type { Product } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PriceRange } from '../../components/product/price-range.js';
import { ProductImage } from '../../components/product/product-image.js';
import { BuyOrWait } from '../outlook/buy-or-wait.js';
import { PriceHistory } from '../prices/price-history.js';
import { SizeChangeLine } from '../prices/report-problem.js';
import { productDetailQuery } from './api/products-api.js';
import { QuantityStepper } from './quantity-stepper.js';
import { SameProduct } from './same-product.js';
import { StorePriceList } from './store-price-list.js';

export function ProductDetail({
  product,
  quantity,
  onQuantityChange,
  children,
}: {
  product: Product;
  quantity: number;
  onQuantityChange(quantity: number): void;
  children: ReactNode;
}) {
  // The detail's own call adds what rows do not carry: the latest pack size change.
  const { data: detail } = useQuery(productDetailQuery(product.id));
  return (
    <div className="space-y-4" data-product-detail>
      <div className="flex items-center gap-4">
        <ProductImage url={product.imageUrl} size={88} />
        <div className="min-w-0">
          {product.brand && <p className="text-sm font-medium text-stone-600">{product.brand}</p>}
          {product.displayUnits && <p className="text-sm text-stone-600">{product.displayUnits}</p>}
          <SizeChangeLine change={detail?.sizeChange} />
          <PriceRange low={product.bestPrice} high={product.highestPrice} className="text-2xl" />
        </div>
      </div>
      <QuantityStepper product={product} quantity={quantity} onChange={onQuantityChange} />
      <div className="flex flex-col gap-2">{children}</div>
      <StorePriceList product={product} />
      <BuyOrWait productId={product.id} />
      <SameProduct product={product} />
      <PriceHistory productId={product.id} />
    </div>
  );
}
