// The shopping plan's settings (issue 13), kept in the local database like the cart's tab: how
// many stores the plan may use (0 = the spec's "every item at its cheapest store"), the club cards
// the household holds, its weekly budget, and (issue 49) what an extra store must save and the
// items kept at a store the split passed over. One small store so the cart and in-store screens
// agree at once; loaded from IndexedDB on first use.
import { type ClubCard, DEFAULT_MIN_SAVING } from '@kete/shared';
import { create } from 'zustand';
import { localDb, type PlanSetting, safely } from '../../lib/local-db.js';
import { onAppReset } from '../../lib/reset-app-state.js';

export const PLAN_STORE_CHOICES = [0, 1, 2, 3] as const;

/** What an extra store must save, in cents: 0 is any saving. */
export const MIN_SAVING_CHOICES = [0, 50, 100, 200, 300, 500, 1000] as const;

export type PlanSettings = Required<Omit<PlanSetting, 'id'>>;

const defaults: PlanSettings = {
  maxStores: 0,
  clubCards: [],
  weeklyBudget: null,
  minSaving: DEFAULT_MIN_SAVING,
  keptAt: {},
};

interface PlanSettingsState extends PlanSettings {
  loaded: boolean;
  load(): Promise<void>;
  update(change: Partial<PlanSettings>): void;
}

export const usePlanSettings = create<PlanSettingsState>()((set, get) => ({
  ...defaults,
  loaded: false,
  async load() {
    if (get().loaded) return;
    const saved = await safely(() => localDb().PlanSetting.get(1), undefined);
    set({ ...defaults, ...(saved ? withoutId(saved) : {}), loaded: true });
  },
  update(change) {
    set(change);
    const { maxStores, clubCards, weeklyBudget, minSaving, keptAt } = get();
    void safely(
      () => localDb().PlanSetting.put({ id: 1, maxStores, clubCards, weeklyBudget, minSaving, keptAt }),
      undefined,
    );
  },
}));

// Sign-out empties the local database; the next shopper on this device starts from the defaults.
onAppReset(() => usePlanSettings.setState({ ...defaults, loaded: false }));

function withoutId({ id: _id, ...saved }: PlanSetting): Partial<PlanSettings> {
  return saved;
}

export const CLUB_CARDS: { card: ClubCard; label: string }[] = [
  { card: 'newworld', label: 'New World Clubcard' },
  { card: 'woolworths', label: 'Woolworths Everyday Rewards' },
];
