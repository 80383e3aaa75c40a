import { AISLES } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { reorderShown } from './aisle-groups.js';

const FULL = AISLES.map((a) => a.key);

describe('reorderShown', () => {
  it('puts a group dragged up before the group it was dropped on', () => {
    const shown = ['produce', 'pantry', 'dairy'] as const;
    const next = reorderShown(FULL, shown, 2, 0);
    expect(next.filter((k) => shown.includes(k as never))).toEqual(['dairy', 'produce', 'pantry']);
    expect(next).toHaveLength(FULL.length);
  });

  it('puts a group dragged down after the group it was dropped on', () => {
    const shown = ['produce', 'pantry', 'dairy'] as const;
    const next = reorderShown(FULL, shown, 0, 1);
    expect(next.filter((k) => shown.includes(k as never))).toEqual(['pantry', 'produce', 'dairy']);
  });

  it('leaves the order as it was for a drop in place', () => {
    expect(reorderShown(FULL, ['produce'], 0, 0)).toEqual(FULL);
  });
});
