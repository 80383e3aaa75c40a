// The shopping plan's settings (issue 13), kept in the local database like the cart's tab: how
// many stores the plan may use (0 = the spec's "every item at its cheapest store"), the club cards
// the household holds and its weekly budget. One small store so the cart and in-store screens
// agree at once; loaded from IndexedDB on first use.
import type { ClubCard } from '@kete/shared';
import { create } from 'zustand';
import { localDb, type PlanSetting, safely } from '../../lib/local-db.js';
import { onAppReset } from '../../lib/reset-app-state.js';

export const PLAN_STORE_CHOICES = [0, 1, 2, 3] as const;

export type PlanSettings = Omit<PlanSetting, 'id'>;

const defaults: PlanSettings = { maxStores: 0, clubCards: [], weeklyBudget: null };

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
    const { maxStores, clubCards, weeklyBudget } = get();
    void safely(() => localDb().PlanSetting.put({ id: 1, maxStores, clubCards, weeklyBudget }), undefined);
  },
}));

// Sign-out empties the local database; the next shopper on this device starts from the defaults.
onAppReset(() => usePlanSettings.setState({ ...defaults, loaded: false }));

function withoutId({ maxStores, clubCards, weeklyBudget }: PlanSetting): PlanSettings {
  return { maxStores, clubCards, weeklyBudget };
}

export const CLUB_CARDS: { card: ClubCard; label: string }[] = [
  { card: 'newworld', label: 'New World Clubcard' },
  { card: 'woolworths', label: 'Woolworths Everyday Rewards' },
];
