import { describe, expect, it } from 'vitest';
import { canChangeStores, canGrantAccess, canSeeStatistics } from './access-rules.js';
import { AccessLevel, Feature } from './enums.js';

const both = [Feature.AccessList, Feature.Statistics];

describe('canGrantAccess', () => {
  it('needs the AccessList feature and the Owner level together', () => {
    expect(canGrantAccess({ features: both, accessLevel: AccessLevel.Owner })).toBe(true);
    expect(canGrantAccess({ features: [Feature.AccessList], accessLevel: AccessLevel.Owner })).toBe(true);
  });

  it('refuses a Shared member even with the feature (every new user has it by default)', () => {
    expect(canGrantAccess({ features: both, accessLevel: AccessLevel.Shared })).toBe(false);
  });

  it('refuses an Owner without the feature, and anyone with no access', () => {
    expect(canGrantAccess({ features: [Feature.Statistics], accessLevel: AccessLevel.Owner })).toBe(false);
    expect(canGrantAccess({ features: both, accessLevel: AccessLevel.None })).toBe(false);
  });
});

describe('canChangeStores and canSeeStatistics', () => {
  it('changing stores is for the Owner only', () => {
    expect(canChangeStores({ accessLevel: AccessLevel.Owner })).toBe(true);
    expect(canChangeStores({ accessLevel: AccessLevel.Shared })).toBe(false);
    expect(canChangeStores({ accessLevel: AccessLevel.None })).toBe(false);
  });

  it('statistics follow the feature alone', () => {
    expect(canSeeStatistics({ features: [Feature.Statistics] })).toBe(true);
    expect(canSeeStatistics({ features: [Feature.AccessList] })).toBe(false);
  });
});
