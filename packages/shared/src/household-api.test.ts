import { describe, expect, it } from 'vitest';
import {
  describeTrip,
  TRIP_IDLE_MS,
  tripLasts,
  ZAisleOrderRequest,
  ZCartRemoveRequest,
} from './household-api.js';
import { describeWorkspaceEvent } from './live-events.js';

describe('the shopping trip', () => {
  it('lasts 3 hours from its start or its last tick', () => {
    expect(tripLasts(0, null, TRIP_IDLE_MS)).toBe(true);
    expect(tripLasts(0, null, TRIP_IDLE_MS + 1)).toBe(false);
    expect(tripLasts(0, TRIP_IDLE_MS, 2 * TRIP_IDLE_MS)).toBe(true);
  });

  it('reads as a sentence', () => {
    expect(describeTrip({ memberName: 'Sam' }, "PAK'nSAVE Albany")).toBe(
      "Sam is shopping at PAK'nSAVE Albany",
    );
    expect(describeTrip({ memberName: 'Sam' }, undefined)).toBe('Sam is shopping');
    const event = { topic: 'trip', action: 'added', byUserId: 1, byName: 'Sam', at: 0 } as const;
    expect(
      describeWorkspaceEvent({ ...event, trip: { memberName: 'Sam', userId: 1, storeId: 2, startedAt: 0 } }),
    ).toBe('Sam is going shopping');
    expect(describeWorkspaceEvent({ ...event, action: 'removed', trip: null })).toBe('Sam finished shopping');
  });
});

describe('request shapes', () => {
  it('take a tick with a removal, or nothing', () => {
    expect(ZCartRemoveRequest.safeParse(null).success).toBe(true);
    expect(ZCartRemoveRequest.safeParse(undefined).success).toBe(true);
    expect(ZCartRemoveRequest.safeParse({ tick: { storeId: 3, trip: 1, at: 2 } }).success).toBe(true);
    expect(ZCartRemoveRequest.safeParse({ tick: { storeId: 'x', trip: 1, at: 2 } }).success).toBe(false);
  });

  it('take each aisle once', () => {
    expect(ZAisleOrderRequest.safeParse({ categories: ['frozen', 'dairy'] }).success).toBe(true);
    expect(ZAisleOrderRequest.safeParse({ categories: ['frozen', 'frozen'] }).success).toBe(false);
    expect(ZAisleOrderRequest.safeParse({ categories: ['aisle 9'] }).success).toBe(false);
  });
});
