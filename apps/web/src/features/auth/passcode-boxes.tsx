// Six one-character boxes grouped 3-3 with a dash. Behaviour lives in passcode-entry.ts.
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { type Boxes, type EntryState, enterText, erase, typedText } from './passcode-entry.js';

export interface PasscodeBoxesProps {
  boxes: Boxes;
  focus: number;
  disabled: boolean;
  onChange(next: EntryState): void;
  onEnter(): void;
  invalid: boolean;
  describedBy?: string;
}

export function PasscodeBoxes({
  boxes,
  focus,
  disabled,
  onChange,
  onEnter,
  invalid,
  describedBy,
}: PasscodeBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (!disabled) inputs.current[focus]?.focus();
  }, [focus, disabled]);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      onChange(erase(boxes, index));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      onChange({ boxes, focus: index - 1 });
    } else if (event.key === 'ArrowRight' && index < boxes.length - 1) {
      onChange({ boxes, focus: index + 1 });
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(enterText(boxes, index, event.clipboardData.getData('text')));
  };

  const box = (index: number) => (
    <input
      key={index}
      ref={(el) => {
        inputs.current[index] = el;
      }}
      value={boxes[index] ?? ''}
      onChange={(e) => onChange(enterText(boxes, index, typedText(boxes[index] ?? '', e.target.value)))}
      onKeyDown={onKeyDown(index)}
      onPaste={onPaste(index)}
      onFocus={(e) => e.target.select()}
      disabled={disabled}
      aria-label={`Character ${index + 1} of ${boxes.length}`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoComplete={index === 0 ? 'one-time-code' : 'off'}
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      inputMode="text"
      className={`tabular h-13 w-11 rounded-xl border-2 bg-white text-center text-2xl font-bold uppercase caret-flax-600 disabled:bg-stone-100 ${invalid ? 'border-red-600' : 'border-stone-300 focus:border-flax-600'}`}
    />
  );

  return (
    <fieldset className="flex items-center justify-center gap-1.5">
      <legend className="sr-only">Sign-in code</legend>
      {[0, 1, 2].map(box)}
      <span aria-hidden="true" className="px-0.5 text-2xl font-bold text-stone-500">
        –
      </span>
      {[3, 4, 5].map(box)}
    </fieldset>
  );
}
