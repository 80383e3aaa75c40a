// The global loading flag (spec section 4): on while any request that did not opt out is running.
import { create } from 'zustand';

interface LoadingState {
  inFlight: number;
  start(): void;
  stop(): void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  inFlight: 0,
  start: () => set((s) => ({ inFlight: s.inFlight + 1 })),
  stop: () => set((s) => ({ inFlight: Math.max(0, s.inFlight - 1) })),
}));

export const useIsLoading = () => useLoadingStore((s) => s.inFlight > 0);
