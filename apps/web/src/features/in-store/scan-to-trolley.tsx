// Scanning in the aisle: the barcode's product is ticked when it is on this store's trip; if not,
// the shopper is offered to add it to the trolley at this store's price. Nothing is added without
// that confirmation.
import { formatMoney, type Product } from '@kete/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Modal } from '../../components/ui/modal.js';
import { searchProducts } from '../products/api/products-api.js';
import { ScanButton } from '../search/scan-button.js';
import type { TripLine } from './trip-logic.js';

export type ScanOutcome = { kind: 'success' | 'information' | 'warning'; text: string };

export function ScanToTrolley({
  storeId,
  storeName,
  lines,
  ticked,
  onTick,
  onAdd,
  onOutcome,
}: {
  storeId: number;
  storeName: string;
  lines: TripLine[];
  ticked: Record<number, number>;
  onTick(line: TripLine): void;
  onAdd(line: TripLine): void;
  onOutcome(outcome: ScanOutcome): void;
}) {
  const [offer, setOffer] = useState<Product | null>(null);

  async function scanned(code: string) {
    const found = (await searchProducts(code).catch(() => []))[0];
    if (!found) {
      onOutcome({ kind: 'warning', text: `No product has the barcode ${code}.` });
      return;
    }
    const line = lines.find((l) => l.productId === found.id || l.listedId === found.id);
    if (!line) {
      setOffer(found);
      return;
    }
    if (line.productId in ticked) {
      onOutcome({ kind: 'information', text: `${line.name} is already in the trolley.` });
      return;
    }
    onTick(line);
    onOutcome({ kind: 'success', text: `Ticked ${line.name}.` });
  }

  const price = offer?.prices.find((p) => p.storeId === storeId)?.price;
  return (
    <>
      <ScanButton onScanned={(code) => void scanned(code)} />
      {offer && (
        <Modal open onOpenChange={(open) => !open && setOffer(null)} title="Not on this list">
          <div className="flex flex-col gap-3">
            <p>
              <strong>{[offer.brand, offer.name, offer.displayUnits].filter(Boolean).join(' ')}</strong> is
              not on the list for {storeName}.
            </p>
            {price === undefined ? (
              <Alert kind="warning">{storeName} has no price for it.</Alert>
            ) : (
              <Button
                onClick={() => {
                  const quantity = offer.minimumQuantity;
                  onAdd({
                    productId: offer.id,
                    listedId: null,
                    name: offer.name,
                    brand: offer.brand,
                    displayUnits: offer.displayUnits,
                    imageUrl: offer.imageUrl,
                    saleType: offer.saleType,
                    quantity,
                    lineTotal: Math.round(price * quantity),
                  });
                  onOutcome({ kind: 'success', text: `Added ${offer.name} to the trolley.` });
                  setOffer(null);
                }}
              >
                Add to trolley for {formatMoney(Math.round(price * offer.minimumQuantity))}
              </Button>
            )}
          </div>
        </Modal>
      )}
    </>
  );
}
