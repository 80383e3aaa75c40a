// The 'Any brand' settings of a shopping-list item (issue 13), as stored on cart_items.

/** The stored veto list: a JSON array of product ids (anything else reads as none). */
export function readExcluded(stored: string): number[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Sorted and without repeats or the item itself, so equal lists are stored equally. */
export function writeExcluded(productId: number, ids: readonly number[]): string {
  return JSON.stringify([...new Set(ids)].filter((id) => id !== productId).sort((a, b) => a - b));
}

export interface AnyBrandSettings {
  anyBrand?: boolean | undefined;
  excludedAlternatives?: readonly number[] | undefined;
}

/** The columns a PUT changes: only the settings it names. */
export function anyBrandColumns(productId: number, settings: AnyBrandSettings) {
  return {
    ...(settings.anyBrand === undefined ? {} : { any_brand: settings.anyBrand ? 1 : 0 }),
    ...(settings.excludedAlternatives === undefined
      ? {}
      : { excluded_alternatives: writeExcluded(productId, settings.excludedAlternatives) }),
  };
}
