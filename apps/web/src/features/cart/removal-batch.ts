// When does taking items off the shopping list complete it? Removals overlap (each waits 300 ms
// for its row to slide out, then for the server), so the answer is decided when the last removal
// under way settles: the list is empty, and a tick was among them (deleting is not shopping).
import type { Removal } from './use-cart-removal.js';

export class RemovalBatch {
  private readonly pending = new Set<number>();
  private ticked = false;

  start(productId: number, how: Removal): void {
    this.pending.add(productId);
    if (how === 'tick') this.ticked = true;
  }

  /** Call when a removal has settled (done or failed); true when the list was just completed. */
  settle(productId: number, itemsLeft: number): boolean {
    this.pending.delete(productId);
    if (this.pending.size > 0) return false;
    const completed = this.ticked && itemsLeft === 0;
    this.ticked = false;
    return completed;
  }
}
