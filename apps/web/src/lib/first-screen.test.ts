import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreenQueue } from './first-screen.js';

afterEach(() => vi.useRealTimers());

/** Idle moments the test hands out one by one; timers are vitest's fake ones. */
function idleByHand() {
  const idle: (() => void)[] = [];
  const timers = {
    whenIdle: (run: () => void) => {
      idle.push(run);
    },
    after: (ms: number, run: () => void) => {
      setTimeout(run, ms);
    },
  };
  /** Gives the page one idle moment: the oldest waiting callback runs. */
  const idleMoment = async () => {
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { timers, idleMoment, pendingIdle: () => idle.length };
}

describe('work kept back for the first screen', () => {
  it('waits for the first screen and a moment after it', async () => {
    vi.useFakeTimers();
    const { timers, idleMoment } = idleByHand();
    const queue = createFirstScreenQueue(timers);
    const work = vi.fn();
    queue.afterFirstScreen(work);
    await idleMoment();
    expect(work).not.toHaveBeenCalled();
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1499);
    await idleMoment();
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await idleMoment();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs one piece per idle moment, in the order asked, the next once the one before has finished', async () => {
    vi.useFakeTimers();
    const { timers, idleMoment } = idleByHand();
    const queue = createFirstScreenQueue(timers);
    const ran: string[] = [];
    let finishDatabase = () => {};
    queue.afterFirstScreen(() => {
      ran.push('database');
      return new Promise<void>((resolve) => {
        finishDatabase = resolve;
      });
    });
    queue.afterFirstScreen(() => ran.push('dialogs'));
    queue.afterFirstScreen(() => ran.push('screens'));
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1500);
    await idleMoment();
    expect(ran).toEqual(['database']);
    // The database's code has not arrived: nothing else starts, idle or not.
    await idleMoment();
    expect(ran).toEqual(['database']);
    finishDatabase();
    await vi.advanceTimersByTimeAsync(0);
    await idleMoment();
    expect(ran).toEqual(['database', 'dialogs']);
    await idleMoment();
    expect(ran).toEqual(['database', 'dialogs', 'screens']);
  });

  it('lets the next piece go when one waits long (its code waits for a connection)', async () => {
    vi.useFakeTimers();
    const { timers, idleMoment } = idleByHand();
    const queue = createFirstScreenQueue(timers);
    const next = vi.fn();
    queue.afterFirstScreen(() => new Promise(() => {}));
    queue.afterFirstScreen(next);
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1500);
    await idleMoment();
    await vi.advanceTimersByTimeAsync(1999);
    await idleMoment();
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await idleMoment();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('carries on after a piece that throws or fails', async () => {
    vi.useFakeTimers();
    const { timers, idleMoment } = idleByHand();
    const queue = createFirstScreenQueue(timers);
    const after = vi.fn();
    queue.afterFirstScreen(() => {
      throw new Error('no local database in this browser');
    });
    queue.afterFirstScreen(() => Promise.reject(new TypeError('Failed to fetch')));
    queue.afterFirstScreen(after);
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1500);
    for (let i = 0; i < 3; i++) await idleMoment();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('runs work asked for after the first screen too, and each piece only once', async () => {
    vi.useFakeTimers();
    const { timers, idleMoment, pendingIdle } = idleByHand();
    const queue = createFirstScreenQueue(timers);
    const early = vi.fn();
    const late = vi.fn();
    queue.afterFirstScreen(early);
    queue.firstScreenShown();
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1500);
    await idleMoment();
    // The queue is empty: nothing waits for an idle moment any more.
    await vi.advanceTimersByTimeAsync(2000);
    await idleMoment();
    expect(pendingIdle()).toBe(0);
    queue.afterFirstScreen(late);
    await idleMoment();
    await vi.advanceTimersByTimeAsync(2000);
    for (let i = 0; i < 3; i++) await idleMoment();
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
