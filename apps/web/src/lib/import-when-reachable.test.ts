import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenReachable } from './import-when-reachable.js';

afterEach(() => vi.useRealTimers());

const failingTimes = (failures: number) => {
  let calls = 0;
  const load = vi.fn(() =>
    ++calls <= failures ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('module'),
  );
  return load;
};

describe('importWhenReachable', () => {
  it('tries again when the connection comes back', async () => {
    const load = failingTimes(1);
    const imported = importWhenReachable(load, { retryMs: 60_000 });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    await expect(imported).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again now and then when no online event comes (a server back from a restart)', async () => {
    vi.useFakeTimers();
    const load = failingTimes(2);
    const imported = importWhenReachable(load, { retryMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_001);
    await expect(imported).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stops trying once aborted', async () => {
    vi.useFakeTimers();
    const load = failingTimes(5);
    const stop = new AbortController();
    void importWhenReachable(load, { retryMs: 1_000, signal: stop.signal });
    await vi.advanceTimersByTimeAsync(0);
    stop.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
