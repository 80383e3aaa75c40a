// An ingredient line as kept (issue 43 item 6), typed into a recipe or imported: trimmed, and cut
// to the 300 characters that are read, never refused for being long.
import { describe, expect, it } from 'vitest';
import { INGREDIENT_LINE_MAX_LENGTH, keptIngredientLine } from './meals-api.js';

describe('keptIngredientLine', () => {
  it('trims a line and keeps it whole when it fits', () => {
    expect(keptIngredientLine('  2 cups plain flour \t')).toBe('2 cups plain flour');
  });

  it('cuts a long line to what is read, counting from its first character, with no trailing space', () => {
    const line = `   1 cup flour${' sifted'.repeat(100)}`;
    const kept = keptIngredientLine(line);
    expect(kept.length).toBeLessThanOrEqual(INGREDIENT_LINE_MAX_LENGTH);
    expect(kept.startsWith('1 cup flour sifted')).toBe(true);
    expect(kept).toBe(kept.trimEnd());
  });

  it('leaves a blank line empty (the recipe drops it)', () => {
    expect(keptIngredientLine('   ')).toBe('');
  });
});
