// The bottom navigation pill (home, search, lists), floating above the safe area. Using it
// closes every drawer (spec section 4).
import { CookingPot, House, ListChecks, type LucideIcon, Search } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { shouldShowCartButton } from './cart-button.js';
import { useDrawerStore } from './drawer-store.js';

const tabs: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/w/home', label: 'Home', icon: House },
  { to: '/w/search', label: 'Search', icon: Search },
  { to: '/w/lists', label: 'Lists', icon: ListChecks },
  { to: '/w/meals', label: 'Meals', icon: CookingPot },
];

export function BottomNav() {
  const closeAll = useDrawerStore((s) => s.closeAll);
  const { pathname } = useLocation();
  const storeCount = useWorkspaceStore((s) => s.data?.stores.workspace.length ?? 0);
  // On a phone, where the shopping-list button shows, the pill is centred in the room left of it
  // (4.5rem with its margin): four tabs wide since Meals, it ran under the button.
  const beside = shouldShowCartButton(pathname, storeCount)
    ? 'left-[calc(50%-2.5rem)] sm:left-1/2'
    : 'left-1/2';
  return (
    <nav
      aria-label="Main"
      className={`fixed bottom-[calc(1rem+var(--spacing-safe-bottom))] ${beside} z-50 -translate-x-1/2 rounded-full border border-stone-200 bg-white/95 p-1 shadow-lg backdrop-blur`}
    >
      <ul className="flex gap-1">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={closeAll}
              className={({ isActive }) =>
                `flex min-h-12 min-w-16 flex-col items-center justify-center rounded-full px-3 text-xs font-semibold ${
                  isActive ? 'bg-flax-600 text-white' : 'text-stone-700 hover:bg-stone-100'
                }`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
