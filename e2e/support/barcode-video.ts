// A fake camera for the scan tests: Chromium plays a .y4m file as the webcam
// (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>). This draws an
// EAN-13 barcode, black bars on white, into a few identical 640x480 frames.
import { writeFileSync } from 'node:fs';
import { ean13Modules } from '@kete/shared';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 5;
const FRAMES = 5;

export function writeBarcodeVideo(file: string, ean13: string): void {
  const modules = ean13Modules(ean13);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235); // white
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  const top = 120;
  const bottom = 360;
  for (let m = 0; m < modules.length; m++) {
    if (modules[m] !== '1') continue;
    for (let y = top; y < bottom; y++) {
      luma.fill(16, y * WIDTH + left + m * MODULE_PX, y * WIDTH + left + (m + 1) * MODULE_PX); // black
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // no colour
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
