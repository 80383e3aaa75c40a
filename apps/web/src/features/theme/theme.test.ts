import { describe, expect, it } from 'vitest';
import { isDark } from './theme.js';

describe('isDark', () => {
  it('follows the device for System, and the choice otherwise', () => {
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('light', true)).toBe(false);
  });
});
