// Screenshots are for a person to look at (the light and dark theme, phone and wide). CI throws
// them away, and on its 2 cores they were about a tenth of the browser tests' time (each waits for
// sliding sheets to settle, then renders a 2x phone screen to PNG), so CI skips them: they are
// taken unless CI=true, and KETE_SHOTS=1 or KETE_SHOTS=0 decides either way.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const SHOTS_TAKEN = process.env.KETE_SHOTS ? process.env.KETE_SHOTS === '1' : process.env.CI !== 'true';

const SHOTS_DIR = process.env.KETE_SHOTS_DIR ?? '/tmp/kete-shots';

/**
 * Saves what `page` shows as `<name>.png` (a name may hold a folder: 'meals/week-1280'), after
 * `settleMs` for dialogs, drawers and theme colours to finish moving. Nothing when shots are off.
 */
export async function saveShot(page: Page, name: string, settleMs = 350): Promise<void> {
  if (!SHOTS_TAKEN) return;
  const path = join(SHOTS_DIR, `${name}.png`);
  mkdirSync(join(path, '..'), { recursive: true });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path });
}
