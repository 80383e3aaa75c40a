// A Chromium whose fake camera plays a generated video of one barcode (EAN-13), for scanning
// tests; `close()` also removes the video.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { writeBarcodeVideo } from './barcode-video.js';
import { launchBrowser } from './browser.js';

export async function launchScanningBrowser(
  barcode: string,
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const videoDir = mkdtempSync(join(tmpdir(), 'kete-scan-'));
  const video = join(videoDir, 'barcode.y4m');
  writeBarcodeVideo(video, barcode);
  const browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(videoDir, { recursive: true, force: true });
    },
  };
}
