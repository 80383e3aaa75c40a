/** Time as epoch milliseconds; injected so tests can move it (code expiry, token expiry). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class TestClock implements Clock {
  constructor(private current = Date.UTC(2026, 10, 21, 9, 0, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
