// The floating shopping-list button's bump (spec section 9: 500 ms) when something is added.
// Anything that adds to the shopping list calls bumpCartButton().
import { create } from 'zustand';

export const BUMP_MS = 500;

interface CartButtonState {
  /** Increases on each bump; the button restarts its animation when it changes. */
  bumps: number;
  bump(): void;
}

export const useCartButtonStore = create<CartButtonState>()((set) => ({
  bumps: 0,
  bump: () => set((s) => ({ bumps: s.bumps + 1 })),
}));

export const bumpCartButton = () => useCartButtonStore.getState().bump();
