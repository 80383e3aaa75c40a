// Who the Owner has given access to ('Invited' until they accept), each with a button to take it
// back. A member who leaves or declines disappears from it live (an 'access' event).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { accessGrantsQuery, revokeAccess } from './api/access-api.js';

export function AccessGrants({ shortCode }: { shortCode: string }) {
  const queryClient = useQueryClient();
  const grants = useQuery(accessGrantsQuery(shortCode));
  const revoke = useMutation({
    mutationFn: (email: string) => revokeAccess(shortCode, email),
    onSettled: () => queryClient.invalidateQueries(accessGrantsQuery(shortCode)),
  });
  const list = grants.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="access-grants-heading" className="mt-6">
      <h3 id="access-grants-heading" className="mb-1 text-sm font-semibold text-stone-700">
        People with access
      </h3>
      <ul className="divide-y divide-stone-200 border-y border-stone-200">
        {list.map((grant) => (
          <li key={grant.email} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate">{grant.email}</span>
            {grant.status === 'invited' && <span className="text-sm text-stone-600">Invited</span>}
            <button
              type="button"
              aria-label={`Remove access for ${grant.email}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(grant.email)}
              className="flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-red-700"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
