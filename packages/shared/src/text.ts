// Small pieces of user-visible text the spec defines by rule.

/** 'N item on promotion' / 'N items on promotion': an 's' only when N is greater than 1. */
export const promotionBadge = (count: number) => `${count} item${count > 1 ? 's' : ''} on promotion`;

/** Initials of a display name for the avatar: "Jane Doe" -> "JD", "jane" -> "J". */
export function initials(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export const DEFAULT_SHARED_NAME = 'My Kete';

/** The name a workspace is shown by in the switcher. */
export const sharedNameOf = (workspace: { sharedName: string | null }) =>
  workspace.sharedName?.trim() || DEFAULT_SHARED_NAME;

const nameCollator = new Intl.Collator('en-NZ', { sensitivity: 'base', numeric: true });

/** "Sorted by name ascending" (spec section 4), the same on both databases and in the app. */
export const compareByName = (a: { name: string }, b: { name: string }) =>
  nameCollator.compare(a.name, b.name);

/** Spec section 5: the shared text input's default maximum length, which search text also keeps. */
export const TEXT_MAX_LENGTH = 500;
