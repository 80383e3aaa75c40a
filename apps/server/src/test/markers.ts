import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Tells scripts/test.mjs that a required part (postgres, browser) really ran. */
export function markRan(part: 'postgres' | 'browser'): void {
  const dir = process.env.KETE_TEST_MARKERS;
  if (dir) writeFileSync(join(dir, `ran-${part}`), '');
}
