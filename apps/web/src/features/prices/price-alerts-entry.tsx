// The avatar menu's price-alert switch, fetched when the menu opens rather than with home's first
// load (its budget is tight; the menu opens with a 300 ms animation that covers the fetch).
import { lazy, Suspense } from 'react';

const PriceAlertsToggle = lazy(() =>
  import('./price-alerts-toggle.js').then((m) => ({ default: m.PriceAlertsToggle })),
);

export function PriceAlertsEntry() {
  return (
    // The same height as the switch, so the menu does not jump when it arrives.
    <Suspense fallback={<div aria-hidden="true" className="h-[5.25rem] border-t border-stone-200" />}>
      <PriceAlertsToggle />
    </Suspense>
  );
}
