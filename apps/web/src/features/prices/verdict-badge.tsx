// The verdict as a short badge (issue 12, item 3). Colour is never the only signal: the words say
// it. In rows the badge is plain text inside the row's button (a tap opens the drawer, where each
// store's badge opens its reason); in the price list it is a button that shows the reason.

import type { Price } from '@kete/shared';
import { ChevronUp, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { type Verdict, verdictOf } from './price-verdict.js';

const tones = {
  good: 'bg-flax-50 text-flax-700 ring-flax-100',
  warn: 'bg-warm-100 text-warm-800 ring-warm-500/40',
  calm: 'bg-stone-100 text-stone-700 ring-stone-300',
} as const;
const pill =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1';

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span data-verdict={verdict.rating} className={`${pill} ${tones[verdict.tone]}`}>
      {verdict.label}
    </span>
  );
}

/** The badge as a disclosure: a tap shows why, another hides it. */
export function VerdictWithReason({ verdict }: { verdict: Verdict }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="flex flex-col items-start">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-verdict={verdict.rating}
        className={`${pill} ${tones[verdict.tone]} min-h-7 cursor-pointer`}
      >
        {verdict.label}
        {open ? (
          <ChevronUp aria-hidden="true" className="ml-1 size-3.5" />
        ) : (
          <Info aria-hidden="true" className="ml-1 size-3.5" />
        )}
        <span className="sr-only">, why</span>
      </button>
      <span id={id} hidden={!open} data-verdict-reason className="mt-1 text-xs text-stone-700">
        {verdict.reason}
      </span>
    </span>
  );
}

/** One store's verdict in the price list, with its reason a tap away; nothing when not on special. */
export function PriceVerdict({ price }: { price: Price }) {
  const verdict = verdictOf(price);
  return verdict ? <VerdictWithReason verdict={verdict} /> : null;
}
