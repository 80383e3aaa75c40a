// The avatar menu's price-alert switch (issue 12, item 5): e-mails about favourites that got
// cheaper, on by default. It flips at once and is put back if the server does not take it.
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { updatePriceAlerts } from './api/prices-api.js';

function setLocal(priceAlerts: boolean) {
  useWorkspaceStore.getState().update((data) => ({ ...data, member: { ...data.member, priceAlerts } }));
}

export function PriceAlertsToggle() {
  const on = useWorkspaceStore((s) => s.data?.member.priceAlerts ?? true);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  async function toggle() {
    const next = !on;
    setFailed(false);
    setSaving(true);
    setLocal(next);
    try {
      const member = await updatePriceAlerts(next);
      setLocal(member.priceAlerts ?? next);
    } catch {
      setLocal(!next);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="border-t border-stone-200 px-5 py-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="price-alerts-hint"
        disabled={saving}
        onClick={() => void toggle()}
        className="flex min-h-12 w-full items-center gap-4 text-left text-base font-medium"
      >
        <Bell aria-hidden="true" className="size-5 text-flax-700" />
        <span className="flex-1">Price-drop e-mails</span>
        <span
          aria-hidden="true"
          className={`flex h-7 w-12 items-center rounded-full p-0.5 transition-colors ${
            on ? 'justify-end bg-flax-600' : 'justify-start bg-stone-300 dark:bg-stone-400'
          }`}
        >
          <span className="size-6 rounded-full bg-white shadow-sm" />
        </span>
      </button>
      <p id="price-alerts-hint" className="pl-9 text-sm text-stone-600">
        {failed ? 'That did not save. Try again.' : 'One e-mail when your favourites get cheaper.'}
      </p>
    </div>
  );
}
