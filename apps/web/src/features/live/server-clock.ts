// The server's clock as the live stream tells it: offline quantity sets are stamped with it, so a
// phone whose clock is off still orders its edits fairly against other members'.
//
// Each frame says the server's time when it was sent; it reaches the phone some time later, so
// `sent - received` is the true offset less that frame's delay, never more. The best estimate is
// the largest of recent samples (the frame that came quickest), as NTP keeps its least-delayed
// sample. Taking only the last one stamped a phone's change late or early by however long its last
// ping queued behind other work: two phones' edits half a second apart were ordered wrong under
// load (the two-phones-offline browser test, on CI).

/** Samples kept: the `ready` frame and the last pings (one every heartbeat, ~25 s). */
const KEPT_SAMPLES = 8;
/** A sample this far from the estimate means a clock was set (the phone's or the server's): start again. */
const CLOCK_SET_MS = 60_000;

let samples: number[] = [];
let offsetMs = 0;

export function heardServerTime(serverNow: number, receivedAt = Date.now()): void {
  if (!Number.isFinite(serverNow)) return;
  const sample = serverNow - receivedAt;
  if (samples.length > 0 && Math.abs(sample - offsetMs) > CLOCK_SET_MS) samples = [];
  samples.push(sample);
  if (samples.length > KEPT_SAMPLES) samples.shift();
  offsetMs = Math.max(...samples);
}

export const serverNow = () => Date.now() + offsetMs;

/** Tests: forget every sample. */
export function forgetServerTime(): void {
  samples = [];
  offsetMs = 0;
}
