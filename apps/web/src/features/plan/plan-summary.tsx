// What the plan is worth: its total, and the saving against the cheapest single store
// ('Splitting across 2 stores saves $7.40').
import { formatMoney, type Plan } from '@kete/shared';
import { PiggyBank } from 'lucide-react';

export function savingText(plan: Plan, storeName: (id: number) => string): string {
  const count = plan.stores.length;
  const single = plan.cheapestSingleStore;
  if (count > 1 && plan.saving > 0)
    return `Splitting across ${count} stores saves ${formatMoney(plan.saving)}`;
  if (count > 1) return `Splitting across ${count} stores prices more of the list`;
  if (count === 1 && single) return `${storeName(single.storeId)} is the cheapest single store`;
  return 'No store prices these items';
}

export function PlanSummary({ plan, storeName }: { plan: Plan; storeName: (id: number) => string }) {
  return (
    <p
      data-plan-saving
      role="status"
      className="mx-4 mb-3 flex items-center gap-2 rounded-xl border border-warm-500/40 bg-warm-100 px-3 py-2 font-semibold text-warm-800"
    >
      <PiggyBank aria-hidden="true" className="size-5 shrink-0" />
      {savingText(plan, storeName)}
    </p>
  );
}
