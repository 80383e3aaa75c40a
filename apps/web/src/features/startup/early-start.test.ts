import type { InitialData } from '@kete/shared';
import { describe, expect, it, vi } from 'vitest';

const sent: { returning: boolean; reply: Promise<InitialData> }[] = [];
vi.mock('../offline/start-where-you-were.js', () => ({
  startWhereYouWere: (returning: boolean) => {
    const reply = new Promise<InitialData>(() => {});
    sent.push({ returning, reply });
    return reply;
  },
}));

const { startEarly, takeEarlyStart } = await import('./early-start.js');

describe('start-up data asked for early', () => {
  it('is asked for once, as a returning start-up, and taken by start-up once', () => {
    startEarly();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.returning).toBe(true);
    expect(takeEarlyStart(true)).toBe(sent[0]?.reply);
    // A second start-up (the shopper switched workspace, or signed in again) asks for itself.
    expect(takeEarlyStart(true)).toBeNull();
  });

  it('is not used by a fresh start-up (/a/start), which loads the shopper’s own workspace', () => {
    startEarly();
    expect(takeEarlyStart(false)).toBeNull();
    expect(takeEarlyStart(true)).toBeNull();
  });

  it('does not report a failure nobody has taken yet as unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    vi.resetModules();
    vi.doMock('../offline/start-where-you-were.js', () => ({
      startWhereYouWere: () => Promise.reject(new TypeError('Failed to fetch')),
    }));
    const fresh = await import('./early-start.js');
    fresh.startEarly();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(fresh.takeEarlyStart(true)).rejects.toThrow('Failed to fetch');
  });
});
