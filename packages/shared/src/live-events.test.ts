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
  it("says a member's own change to their membership in words", () => {
    const access = { ...base, topic: 'access' as const };
    expect(describeWorkspaceEvent({ ...access, action: 'added', member: 'joined' })).toBe(
      'Sam joined this list',
    );
    expect(describeWorkspaceEvent({ ...access, action: 'removed', member: 'left' })).toBe(
      'Sam left this list',
    );
    expect(describeWorkspaceEvent({ ...access, action: 'removed', member: 'declined' })).toBe(
      'Sam declined the invitation to this list',
    );
  });
});
