// Pieces the meals screens share: the Week / Recipes / Pantry tabs, money, a store's name, dates.
import { formatMoney } from '@kete/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

const tabs = [
  { to: '/w/meals', label: 'Week', end: true },
  { to: '/w/meals/recipes', label: 'Recipes', end: false },
  { to: '/w/meals/pantry', label: 'Pantry', end: false },
];

export function MealsTabs() {
  return (
    <nav aria-label="Meals" className="mx-4 mb-4 flex gap-1 rounded-xl bg-stone-100 p-1">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            `flex min-h-10 flex-1 items-center justify-center rounded-lg text-sm font-semibold ${
              isActive ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
            }`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A recipe screen's heading with its way back to the recipes. */
export function RecipeHeader({ title }: { title: string }) {
  return (
    <header className="flex items-center gap-2 px-2 pt-4 pb-2">
      <Link
        to="/w/meals/recipes"
        aria-label="Back to recipes"
        className="rounded-full p-2 hover:bg-stone-100"
      >
        <ArrowLeft aria-hidden="true" className="size-6" />
      </Link>
      <h1 className="min-w-0 flex-1 text-2xl font-bold">{title}</h1>
    </header>
  );
}

export const money = (cents: number) => formatMoney(cents);

// One empty list, not a new one each render: a fresh [] from the selector re-renders forever.
const NO_STORES: { id: number; name: string }[] = [];

export function useStoreName(): (storeId: number | null) => string {
  const stores = useWorkspaceStore((s) => s.data?.stores.all ?? NO_STORES);
  return (storeId) => stores.find((store) => store.id === storeId)?.name ?? '';
}

/** Today in the phone's own time zone, as YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate()));
}

export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return isoDate(new Date(y ?? 2000, (m ?? 1) - 1, (d ?? 1) + days));
}

/** The Monday of the week holding `iso`. */
export function mondayOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y ?? 2000, (m ?? 1) - 1, d ?? 1);
  return addDays(iso, -((date.getDay() + 6) % 7));
}

const dayFormat = new Intl.DateTimeFormat('en-NZ', { weekday: 'short', day: 'numeric', month: 'short' });
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return dayFormat.format(new Date(y ?? 2000, (m ?? 1) - 1, d ?? 1));
}

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="mx-4 my-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
