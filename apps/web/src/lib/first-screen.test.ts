import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreenQueue } from './first-screen.js';

afterEach(() => vi.useRealTimers());

/**
 * A queue whose idle moments the test hands out one by one; timers are vitest's fake ones.
 * `showFirstScreen` says the first screen is up and lets its settling moment pass.
 */
function queueByHand() {
  vi.useFakeTimers();
  const idle: (() => void)[] = [];
  const queue = createFirstScreenQueue({
    whenIdle: (run) => {
      idle.push(run);
    },
    after: (ms, run) => {
      setTimeout(run, ms);
    },
  });
  /** Gives the page one idle moment: the oldest waiting callback runs. */
  const idleMoment = async () => {
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  const showFirstScreen = async () => {
    queue.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1500);
  };
  return { queue, idleMoment, showFirstScreen, pendingIdle: () => idle.length };
}

describe('work kept back for the first screen', () => {
  it('waits for the first screen and a moment after it', async () => {
    const { queue, idleMoment } = queueByHand();
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
    const { queue, idleMoment, showFirstScreen } = queueByHand();
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
    await showFirstScreen();
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
    const { queue, idleMoment, showFirstScreen } = queueByHand();
    const next = vi.fn();
    queue.afterFirstScreen(() => new Promise(() => {}));
    queue.afterFirstScreen(next);
    await showFirstScreen();
    await idleMoment();
    await vi.advanceTimersByTimeAsync(1999);
    await idleMoment();
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await idleMoment();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('carries on after a piece that throws or fails', async () => {
    const { queue, idleMoment, showFirstScreen } = queueByHand();
    const after = vi.fn();
    queue.afterFirstScreen(() => {
      throw new Error('no local database in this browser');
    });
    queue.afterFirstScreen(() => Promise.reject(new TypeError('Failed to fetch')));
    queue.afterFirstScreen(after);
    await showFirstScreen();
    for (let i = 0; i < 3; i++) await idleMoment();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('runs work asked for after the first screen too, and each piece only once', async () => {
    const { queue, idleMoment, showFirstScreen, pendingIdle } = queueByHand();
    const early = vi.fn();
    const late = vi.fn();
    queue.afterFirstScreen(early);
    queue.firstScreenShown();
    await showFirstScreen();
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
