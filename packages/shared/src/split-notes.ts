// Issue 49 item 6: the short notes that say why an item is where the split or plan put it.
import { formatMoney } from './money.js';
import { DAY_MS } from './price-verdict.js';

/** "PAK'nSAVE Kilbirnie's price is 12 days old": why a cheaper price was passed over. */
export function staleReason(storeName: string, seenAt: number, now: number): string {
  const days = Math.max(0, Math.floor((now - seenAt) / DAY_MS));
  return `${storeName}'s price is ${days} ${days === 1 ? 'day' : 'days'} old`;
}

/** "$1.20 cheaper at New World": what buying an item at that store saves. */
export function cheaperNote(cents: number, storeName: string): string {
  return `${formatMoney(cents)} cheaper at ${storeName}`;
}
