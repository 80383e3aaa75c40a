import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerTime, heardServerTime, serverNow } from './server-clock.js';

afterEach(forgetServerTime);

// The server's clock runs 5 s ahead of the phone's; frames take 20-900 ms to arrive.
const AHEAD = 5_000;
const frame = (sentAtPhoneTime: number, delayMs: number) =>
  heardServerTime(sentAtPhoneTime + AHEAD, sentAtPhoneTime + delayMs);

describe('serverNow', () => {
  it("keeps the quickest frame's estimate: a late ping does not pull the clock back", () => {
    const t = Date.now();
    frame(t - 50_000, 20); // the ready frame, quick
    frame(t - 25_000, 900); // a ping that queued behind other work
    const error = serverNow() - (Date.now() + AHEAD);
    expect(Math.abs(error)).toBeLessThanOrEqual(25);
  });

  it('starts again when a clock is set (a sample a minute or more away)', () => {
    const t = Date.now();
    frame(t - 50_000, 20);
    heardServerTime(t - 10_000 + AHEAD - 3_600_000, t - 10_000); // the server's clock went back an hour
    const error = serverNow() - (Date.now() + AHEAD - 3_600_000);
    expect(Math.abs(error)).toBeLessThanOrEqual(25);
  });

  it('follows the newest samples once older ones are gone', () => {
    const t = Date.now();
    frame(t - 100_000, 0); // an old exact sample; then the server's clock is 2 s slower
    for (let i = 0; i < 8; i += 1)
      heardServerTime(t - 90_000 + i * 1000 + AHEAD - 2_000, t - 90_000 + i * 1000 + 30);
    const error = serverNow() - (Date.now() + AHEAD - 2_000);
    expect(Math.abs(error)).toBeLessThanOrEqual(60);
  });
});
