import { describe, expect, it } from 'vitest';
import { capState, limitMessages, workspaceLimits } from './limits.js';

describe('capState', () => {
  it('says nothing is near while well under the cap', () => {
    expect(capState(0, 'stores')).toMatchObject({ atCap: false, nearCap: false, max: 20 });
    expect(capState(15, 'stores')).toMatchObject({ atCap: false, nearCap: false });
  });

  it('is near from 80% of the cap, and labels the count', () => {
    expect(capState(16, 'stores')).toMatchObject({ atCap: false, nearCap: true, label: '16 of 20 stores' });
    expect(capState(399, 'cartItems').nearCap).toBe(false);
    expect(capState(400, 'cartItems')).toMatchObject({ nearCap: true, label: '400 of 500 products' });
    expect(capState(40, 'accessGrants').label).toBe('40 of 50 addresses');
  });

  it('is at the cap from the limit on (also past it, after a lower limit), with its message', () => {
    for (const limit of Object.keys(workspaceLimits) as (keyof typeof workspaceLimits)[]) {
      const max = workspaceLimits[limit];
      expect(capState(max - 1, limit).atCap).toBe(false);
      expect(capState(max, limit)).toMatchObject({
        atCap: true,
        nearCap: true,
        message: limitMessages[limit],
      });
      expect(capState(max + 3, limit).atCap).toBe(true);
    }
    expect(capState(20, 'stores').message).toBe(
      'A shopping list can compare up to 20 stores. Remove one to add another.',
    );
    expect(capState(100, 'lists').label).toBe('100 of 100 lists');
  });
});
