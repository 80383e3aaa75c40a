// /w/notifications, from the avatar menu (issue 35): lock-screen notifications on this device.
// The browser's permission is asked only by 'Turn on notifications'; then each kind can be chosen
// or turned off, and saved at once.
import type { PushTopics } from '@kete/shared';
import { BellRing, ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { changeTopics, DEFAULT_TOPICS, permission, savedTopics, turnOff, turnOn } from './push-client.js';

type State = { kind: 'loading' } | { kind: 'off' } | { kind: 'on'; topics: PushTopics };

function Switch({
  label,
  hint,
  on,
  onChange,
}: {
  label: string;
  hint: string;
  on: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className="flex min-h-14 w-full items-center gap-4 px-4 py-2 text-left"
    >
      <span className="flex flex-1 flex-col">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-stone-600">{hint}</span>
      </span>
      {/* Off, in the dark: stone-400, as the knob (the dark raised surface) hardly shows on stone-300. */}
      <span
        aria-hidden="true"
        className={`flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 ${on ? 'justify-end bg-flax-600' : 'justify-start bg-stone-300 dark:bg-stone-400'}`}
      >
        <span className="size-6 rounded-full bg-white shadow-sm" />
      </span>
    </button>
  );
}

const DROPS: { value: PushTopics['drops']; label: string }[] = [
  { value: 'instant', label: 'Instantly' },
  { value: 'daily', label: 'Daily summary' },
  { value: 'off', label: 'Off (e-mail instead)' },
];

export function NotificationsPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [problem, setProblem] = useState<ReactNode>(null);
  const allowed = permission();

  useEffect(() => {
    savedTopics()
      .then((topics) => setState(topics ? { kind: 'on', topics } : { kind: 'off' }))
      .catch(() => setState({ kind: 'off' }));
  }, []);

  async function change(topics: PushTopics) {
    const before = state;
    setState({ kind: 'on', topics });
    try {
      await changeTopics(topics);
      setProblem(null);
    } catch {
      setState(before);
      setProblem('That did not save. Try again.');
    }
  }

  return (
    <div className="pb-8">
      <header className="flex items-center gap-2 px-2 pt-6 pb-4">
        <Link
          to="/w/home"
          aria-label="Back to home"
          className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-stone-100"
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-2xl font-bold">Notifications</h1>
      </header>
      <p className="px-4 pb-4 text-stone-700">
        On this phone's lock screen: when someone in your household goes shopping, what they add while you
        shop, and price drops on your favourites.
      </p>
      {problem && (
        <Alert kind="danger" className="mx-4 mb-4">
          {problem}
        </Alert>
      )}
      {allowed === 'unsupported' && (
        <Alert kind="information" className="mx-4">
          This browser cannot show notifications. On an iPhone, add Kete to the Home Screen first.
        </Alert>
      )}
      {allowed === 'denied' && state.kind !== 'on' && (
        <Alert kind="information" className="mx-4">
          Notifications are blocked for Kete. Allow them in your browser's site settings, then come back.
        </Alert>
      )}
      {state.kind === 'off' && allowed !== 'unsupported' && allowed !== 'denied' && (
        <div className="px-4">
          <Button
            onClick={async () => {
              try {
                const answer = await turnOn(DEFAULT_TOPICS);
                if (answer === 'granted') setState({ kind: 'on', topics: DEFAULT_TOPICS });
                else setProblem('Kete may not show notifications: the browser was not allowed to.');
              } catch {
                setProblem('Notifications could not be turned on. Try again when you are online.');
              }
            }}
          >
            <BellRing aria-hidden="true" className="size-5" />
            Turn on notifications
          </Button>
          <p className="pt-2 text-sm text-stone-600">Your browser will ask whether Kete may notify you.</p>
        </div>
      )}
      {state.kind === 'on' && (
        <>
          <div className="divide-y divide-stone-200 border-y border-stone-200">
            <Switch
              label="Someone goes shopping"
              hint="'Sam is shopping at PAK'nSAVE Albany'"
              on={state.topics.shopping}
              onChange={(shopping) => void change({ ...state.topics, shopping })}
            />
            <Switch
              label="Added while I shop"
              hint="What others put on the list during your trip"
              on={state.topics.addedWhileShopping}
              onChange={(addedWhileShopping) => void change({ ...state.topics, addedWhileShopping })}
            />
            {/* A floated legend is laid out like a heading inside the padding; otherwise it sits
                on the fieldset's top edge, against the line above, with the padding under it. */}
            <fieldset className="px-4 pb-2">
              <legend className="float-left w-full pt-3 font-medium">Price drops on favourites</legend>
              <div className="clear-left flex flex-col pt-1">
                {DROPS.map((choice) => (
                  <label key={choice.value} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      name="drops"
                      value={choice.value}
                      checked={state.topics.drops === choice.value}
                      onChange={() => void change({ ...state.topics, drops: choice.value })}
                      className="size-5 accent-flax-600"
                    />
                    {choice.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <div className="px-4 pt-6">
            <Button
              variant="secondary"
              onClick={async () => {
                await turnOff().catch(() => undefined);
                setState({ kind: 'off' });
              }}
            >
              Turn off on this phone
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
