import { describe, expect, it } from 'vitest';
import { RemovalBatch } from './removal-batch.js';

describe('RemovalBatch', () => {
  it('completes the list when the only item is ticked', () => {
    const batch = new RemovalBatch();
    batch.start(1, 'tick');
    expect(batch.settle(1, 0)).toBe(true);
  });

  it('does not complete it while items are left, or when the last one was deleted', () => {
    const batch = new RemovalBatch();
    batch.start(1, 'tick');
    expect(batch.settle(1, 2)).toBe(false);
    batch.start(2, 'delete');
    expect(batch.settle(2, 0)).toBe(false);
  });

  it('completes it when the last two are ticked in quick succession, whichever settles first', () => {
    const batch = new RemovalBatch();
    batch.start(1, 'tick');
    batch.start(2, 'tick');
    expect(batch.settle(2, 1)).toBe(false);
    expect(batch.settle(1, 0)).toBe(true);
  });

  it('completes it when a tick and a delete empty the list together', () => {
    const batch = new RemovalBatch();
    batch.start(1, 'delete');
    batch.start(2, 'tick');
    expect(batch.settle(2, 1)).toBe(false);
    expect(batch.settle(1, 0)).toBe(true);
  });

  it('does not complete it when a removal failed and its item is still there', () => {
    const batch = new RemovalBatch();
    batch.start(1, 'tick');
    batch.start(2, 'tick');
    expect(batch.settle(1, 1)).toBe(false);
    expect(batch.settle(2, 1)).toBe(false);
  });
});
