// The rules of the six code boxes, kept apart from React so they are unit-tested: upper-case,
// spaces (and anything but letters and digits) rejected, a paste spreads across the boxes,
// backspace on an empty box steps back.
import { normalisePasscode, PASSCODE_LENGTH } from '@kete/shared';

export type Boxes = readonly string[];
export interface EntryState {
  boxes: Boxes;
  /** The box that should have focus next. */
  focus: number;
}

export const emptyBoxes = (): Boxes => Array.from({ length: PASSCODE_LENGTH }, () => '');
export const codeOf = (boxes: Boxes) => boxes.join('');
export const isComplete = (boxes: Boxes) => boxes.every((b) => b.length === 1);

const acceptable = (text: string) => normalisePasscode(text).replace(/[^A-Z0-9]/g, '');

/** Typed or pasted text at box `index`. A whole code fills from the first box. */
export function enterText(boxes: Boxes, index: number, text: string): EntryState {
  const chars = [...acceptable(text)];
  if (chars.length === 0) return { boxes, focus: index };
  const start = chars.length >= PASSCODE_LENGTH ? 0 : index;
  const next = [...boxes];
  chars.slice(0, PASSCODE_LENGTH - start).forEach((char, offset) => {
    next[start + offset] = char;
  });
  return { boxes: next, focus: Math.min(start + chars.length, PASSCODE_LENGTH - 1) };
}

/** Backspace: clears this box, or when it is already empty the one before, moving back. */
export function erase(boxes: Boxes, index: number): EntryState {
  const next = [...boxes];
  if (next[index]) {
    next[index] = '';
    return { boxes: next, focus: index };
  }
  if (index === 0) return { boxes, focus: 0 };
  next[index - 1] = '';
  return { boxes: next, focus: index - 1 };
}

/**
 * What a box's input event typed, given the character it held: with the old character selected
 * the browser replaces it, otherwise the new one lands before or after it.
 */
export function typedText(previous: string, value: string): string {
  if (!previous || value.length <= previous.length) return value;
  if (value.startsWith(previous)) return value.slice(previous.length);
  if (value.endsWith(previous)) return value.slice(0, value.length - previous.length);
  return value;
}
