// One-off: draws Kete's mark into PNG icons with Chromium (no image library needed).
import { chromium } from 'playwright-core';

const mark = (inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
<rect width="40" height="40" fill="#2F6B3F"/>
<g transform="translate(${20 - 20 * (1 - 2 * inset)} ${20 - 20 * (1 - 2 * inset)}) scale(${1 - 2 * inset})" color="#fff">
<path d="M13 15c0-5 3-9 7-9s7 4 7 9" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>
<path d="M5 15h30l-4 19a3 3 0 0 1-3 2H12a3 3 0 0 1-3-2z" fill="currentColor"/>
<path d="M9 22h22M10.5 29h19" stroke="#E9A23B" stroke-width="2.5" stroke-linecap="round"/>
<path d="M15 15l2 21M25 15l-2 21" stroke="#2F6B3F" stroke-opacity=".35" stroke-width="2"/>
</g></svg>`;
const out = process.argv[2];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const write = async (name, size, inset) => {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${mark(inset)}`,
  );
  await page.screenshot({ path: `${out}/${name}`, omitBackground: false });
};
await write('icon-192.png', 192, 0.12);
await write('icon-512.png', 512, 0.12);
await write('maskable-512.png', 512, 0.22); // the safe zone is the middle 80%
await write('apple-touch-icon.png', 180, 0.12);
await browser.close();
import('node:fs').then((fs) =>
  fs.writeFileSync(
    `${out}/icon.svg`,
    mark(0.12).replace('viewBox="0 0 40 40">', 'viewBox="0 0 40 40" role="img"><title>Kete</title>'),
  ),
);
