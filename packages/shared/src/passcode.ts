// Sign-in codes: 6 characters of upper-case letters and digits with no look-alikes
// (no 0/O, no 1/I/L), shown grouped 3-3 as "ABC-DEF".

export const PASSCODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PASSCODE_LENGTH = 6;

/** Upper-cases and drops spaces and dashes, so "abc-def", "ABC DEF" and "abcdef" agree. */
export function normalisePasscode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function formatPasscode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
