// The workspace data loaded at start-up or on a switch (the spec's "initial data"). Guards read it
// synchronously, so it lives here rather than in the query cache; see docs/decisions/0003.
import { AccessLevel, type InitialData } from '@kete/shared';
import { create } from 'zustand';

interface WorkspaceState {
  data: InitialData | null;
  accessLevel: AccessLevel;
  setData(data: InitialData): void;
  /** Lets screens update one part (e.g. the workspace's stores) without a reload. */
  update(change: (data: InitialData) => InitialData): void;
  reset(): void;
}

export const useWorkspaceStore = create<WorkspaceState>()((set) => ({
  data: null,
  accessLevel: AccessLevel.None,
  setData: (data) => set({ data, accessLevel: data.accessLevel }),
  update: (change) =>
    set((state) => (state.data ? { data: change(state.data), accessLevel: state.data.accessLevel } : state)),
  reset: () => set({ data: null, accessLevel: AccessLevel.None }),
}));
