// The server's clock as the live stream last told it: offline quantity sets are stamped with it,
// so a phone whose clock is off still orders its edits fairly against other members'.
let offsetMs = 0;

export function heardServerTime(serverNow: number): void {
  if (Number.isFinite(serverNow)) offsetMs = serverNow - Date.now();
}

export const serverNow = () => Date.now() + offsetMs;
