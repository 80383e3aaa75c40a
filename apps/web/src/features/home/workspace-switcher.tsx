// The shared-list switcher: every workspace the shopper belongs to, by its shared name ('My Kete'
// by default, the Owner's "Aroha's Kete" for one shared with them), never two chips alike
// (distinctSharedNames). Hidden with only one. Choosing another goes through /a/switch/{shortCode}.
import { distinctSharedNames } from '@kete/shared';
import { Link } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export function WorkspaceSwitcher() {
  const workspaces = useWorkspaceStore((s) => s.data?.sharedWorkspaces ?? []);
  const current = useWorkspaceStore((s) => s.data?.workspace.shortCode);
  if (workspaces.length <= 1) return null;
  const names = distinctSharedNames(workspaces);
  return (
    <nav aria-label="Shared lists" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {workspaces.map((workspace, at) => {
          const active = workspace.shortCode === current;
          return (
            <li key={workspace.shortCode} className="shrink-0">
              <Link
                to={`/a/switch/${encodeURIComponent(workspace.shortCode)}`}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => active && event.preventDefault()}
                className={`flex min-h-11 items-center rounded-full border px-4 font-medium ${
                  active
                    ? 'border-flax-600 bg-flax-600 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
                }`}
              >
                {names[at]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
