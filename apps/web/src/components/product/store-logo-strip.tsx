// Small chain logos in a product row, ordered by ascending price.
import type { Price } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { StoreLogo } from '../ui/chain-mark.js';
import { chainsByPrice } from './store-logos.js';

export function StoreLogoStrip({ prices }: { prices: Price[] }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace);
  const chains = chainsByPrice(prices, stores ?? []);
  if (chains.length === 0) return null;
  return (
    <span data-store-logos className="flex items-center gap-1">
      {chains.map((type) => (
        <StoreLogo key={type} type={type} size={16} />
      ))}
    </span>
  );
}
