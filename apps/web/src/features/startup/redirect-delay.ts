// Start-up and switch wait at least REDIRECT_DELAY_MS (spec section 9) before going home, so the
// splash never flickers past.
export const REDIRECT_DELAY_MS = 500;

export function waitUntil(startedAt: number, delayMs = REDIRECT_DELAY_MS): Promise<void> {
  const remaining = Math.max(0, startedAt + delayMs - Date.now());
  return new Promise((resolve) => setTimeout(resolve, remaining));
}
