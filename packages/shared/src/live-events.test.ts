import { describe, expect, it } from 'vitest';
import { describeWorkspaceEvent } from './live-events.js';

const base = { byUserId: 1, byName: 'Sam', at: 0 } as const;

describe('describeWorkspaceEvent', () => {
  it('names the product when there is one', () => {
    expect(describeWorkspaceEvent({ ...base, topic: 'cart', action: 'added', productName: 'Milk' })).toBe(
      'Sam added Milk',
    );
  });
  it('names the part of the workspace otherwise', () => {
    expect(describeWorkspaceEvent({ ...base, topic: 'stores', action: 'changed' })).toBe(
      'Sam changed the stores',
    );
  });
});
