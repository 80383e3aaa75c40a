// The plan control at the top of 'By store' (issue 13): 'Every cheapest store' (the spec's rule,
// the default) or 'At most 1 / 2 / 3 stores', the club cards the household holds and (issue 49)
// what an extra store must save to be worth the trip. All are saved as settings.
import { formatMoney } from '@kete/shared';
import { Fragment } from 'react';
import { CLUB_CARDS, MIN_SAVING_CHOICES, PLAN_STORE_CHOICES, usePlanSettings } from './plan-settings.js';

const choiceLabel = (stores: number) =>
  stores === 0 ? 'Every cheapest store' : `At most ${stores} store${stores > 1 ? 's' : ''}`;

export function PlanControl() {
  const { maxStores, clubCards, minSaving, update } = usePlanSettings();
  return (
    <div className="mx-4 mb-3 flex flex-col gap-1">
      <fieldset className="flex items-center gap-1 rounded-2xl bg-stone-200 p-1">
        <legend className="sr-only">Plan the trip</legend>
        {PLAN_STORE_CHOICES.map((stores) => (
          <Fragment key={stores}>
            {stores === 1 && (
              <span aria-hidden="true" className="px-1 text-sm whitespace-nowrap text-stone-700">
                At most
              </span>
            )}
            <label className={`relative flex ${stores === 0 ? 'flex-1' : 'w-11'}`}>
              <input
                type="radio"
                name="plan-stores"
                className="peer sr-only"
                aria-label={choiceLabel(stores)}
                checked={maxStores === stores}
                onChange={() => update({ maxStores: stores })}
              />
              <span className="flex min-h-11 w-full cursor-pointer items-center justify-center rounded-xl px-2 text-sm font-semibold text-stone-700 peer-checked:bg-white peer-checked:text-stone-950 peer-checked:shadow peer-focus-visible:outline-2 peer-focus-visible:outline-flax-600">
                {stores === 0 ? 'Every cheapest store' : stores}
              </span>
            </label>
          </Fragment>
        ))}
      </fieldset>
      {maxStores > 1 && (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <span className="flex-1">Add a store only if it saves at least</span>
          <select
            value={minSaving}
            onChange={(event) => update({ minSaving: Number(event.target.value) })}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 font-semibold"
          >
            {MIN_SAVING_CHOICES.map((cents) => (
              <option key={cents} value={cents}>
                {cents === 0 ? 'any amount' : formatMoney(cents)}
              </option>
            ))}
          </select>
        </label>
      )}
      {maxStores > 0 && (
        <fieldset className="flex flex-wrap gap-x-4 text-sm">
          <legend className="sr-only">Club cards we hold</legend>
          {CLUB_CARDS.map(({ card, label }) => (
            <label key={card} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-flax-600"
                checked={clubCards.includes(card)}
                onChange={(event) =>
                  update({
                    clubCards: event.target.checked
                      ? [...clubCards, card]
                      : clubCards.filter((held) => held !== card),
                  })
                }
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
