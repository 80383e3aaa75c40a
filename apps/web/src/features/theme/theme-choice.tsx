// System / Light / Dark, as a row of three radio buttons in the avatar menu.
import { Monitor, Moon, Sun } from 'lucide-react';
import { type ThemeChoice, useThemeStore } from './theme.js';

const choices: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

export function ThemeChoiceRow() {
  const { choice, choose } = useThemeStore();
  return (
    <fieldset className="px-5 py-3">
      <legend className="pb-2 text-sm font-medium text-stone-600">Appearance</legend>
      <div className="grid grid-cols-3 gap-2">
        {choices.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-stone-300 text-sm font-medium has-checked:border-flax-600 has-checked:bg-flax-50 has-checked:text-flax-800 has-focus-visible:outline-3 has-focus-visible:outline-flax-600"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={choice === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
