import type { Store } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { lineLooks } from './chart-looks.js';

const store = (id: number, type: 1 | 2 | 3): { store: Store } => ({
  store: { id, name: `Store ${id}`, type, latitude: null, longitude: null },
});

describe('how the chart lines look', () => {
  it("takes each chain's colour from the theme, else its fallback", () => {
    const looks = lineLooks([store(1, 1), store(2, 2), store(3, 3)], (name) =>
      name === '--color-chain-nw' ? '#ff0000' : '',
    );
    expect(looks.map((l) => l.colour)).toEqual(['#ff0000', '#ffd400', '#00a651']);
  });

  it("dashes a second store of a chain and edges Pak'nSave's yellow", () => {
    const looks = lineLooks([store(1, 2), store(2, 3), store(3, 2)], () => '');
    expect(looks.map((l) => l.dash)).toEqual([[], [], [7, 4]]);
    expect(looks.map((l) => l.edged)).toEqual([true, false, true]);
    expect(lineLooks([store(1, 2)], () => '', true)[0]?.edged).toBe(false);
  });
});
