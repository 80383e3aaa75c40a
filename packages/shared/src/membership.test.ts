import { describe, expect, it } from 'vitest';
import { canLeaveWorkspace } from './access-rules.js';
import { AccessLevel } from './enums.js';
import { invitationHeadline } from './membership.js';

describe('invitationHeadline', () => {
  it("says who shared which list, by the list's shared name", () => {
    expect(invitationHeadline({ shortCode: 'a', sharedName: 'Ngā Kete', invitedBy: 'Aroha' })).toBe(
      'Aroha shared "Ngā Kete" with you',
    );
  });
  it('uses the default name for a list that was never named', () => {
    expect(invitationHeadline({ shortCode: 'a', sharedName: null, invitedBy: 'Aroha' })).toBe(
      'Aroha shared "My Kete" with you',
    );
  });
});

describe('canLeaveWorkspace', () => {
  it('lets a Shared member leave, never the Owner', () => {
    expect(canLeaveWorkspace({ accessLevel: AccessLevel.Shared })).toBe(true);
    expect(canLeaveWorkspace({ accessLevel: AccessLevel.Owner })).toBe(false);
    expect(canLeaveWorkspace({ accessLevel: AccessLevel.None })).toBe(false);
  });
});
