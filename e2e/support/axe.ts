// Runs axe-core in the page and returns the serious and critical violations (UI.md's bar).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated rather than added as a <script>: Kete's Content-Security-Policy forbids inline scripts.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Waits for the page's finite animations and transitions to end (a dialog fading in, colours
 * changing with the theme): axe reads colours as they are, and mid-fade ones are not what a
 * shopper reads. Spinners and pulses never end, so they are not waited for; 3 s at most.
 */
function animationsSettled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
