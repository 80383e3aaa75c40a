// Small pieces of user-visible text the spec defines by rule.
import { itemLabel } from './list-export.js';

/** 'N item on promotion' / 'N items on promotion': an 's' only when N is greater than 1. */
export const promotionBadge = (count: number) => `${count} item${count > 1 ? 's' : ''} on promotion`;

/** Initials of a display name for the avatar: "Jane Doe" -> "JD", "jane" -> "J". */
export function initials(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A product row's + button: 'Add Anchor Trim Milk 2L', brand and size named (issue 49 item 7). */
export const addButtonLabel = (product: {
  name: string;
  brand: string | null;
  displayUnits: string | null;
}) => `Add ${itemLabel(product)}`;

export const DEFAULT_SHARED_NAME = 'My Kete';

/**
 * The name a workspace is shown by: the name its Owner gave it; else, when someone else owns it,
 * theirs by their first name ("Aroha's Kete", issue 49); else 'My Kete'.
 */
export function sharedNameOf(workspace: { sharedName: string | null; ownerName?: string | null }): string {
  const named = workspace.sharedName?.trim();
  if (named) return named;
  const owner = workspace.ownerName?.trim().split(/\s+/)[0];
  return owner ? `${owner}'s Kete` : DEFAULT_SHARED_NAME;
}

/**
 * The switcher's names, in the same order: each as sharedNameOf, and a name already used earlier
 * numbered ("Aroha's Kete (2)"), so no two chips read the same.
 */
export function distinctSharedNames(
  workspaces: readonly { sharedName: string | null; ownerName?: string | null }[],
): string[] {
  const used = new Set<string>();
  return workspaces.map((workspace) => {
    const name = sharedNameOf(workspace);
    let shown = name;
    for (let n = 2; used.has(shown.toLocaleLowerCase('en-NZ')); n++) shown = `${name} (${n})`;
    used.add(shown.toLocaleLowerCase('en-NZ'));
    return shown;
  });
}

const nameCollator = new Intl.Collator('en-NZ', { sensitivity: 'base', numeric: true });

/** "Sorted by name ascending" (spec section 4), the same on both databases and in the app. */
export const compareByName = (a: { name: string }, b: { name: string }) =>
  nameCollator.compare(a.name, b.name);

/** Spec section 5: the shared text input's default maximum length, which search text also keeps. */
export const TEXT_MAX_LENGTH = 500;
