// Lighthouse (mobile profile: a mid-range phone on a slow 4G link, simulated) on /login and on a
// signed-in /w/home, driving Debian's Chromium. Part of `npm run bench:web`; prints the figures
// next to the speed issue's targets: performance 95+, LCP < 2.5 s, TBT < 200 ms.
// lighthouse 12 is the last line that runs on Node 20 (13 needs Node 22).
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const targets = { score: 95, lcpMs: 2500, tbtMs: 200 };

function figures(result) {
  const audits = result.lhr.audits;
  return {
    score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // An audit Lighthouse could not compute (seen once: no TBT) has no value, only its reason.
    failed: ['largest-contentful-paint', 'total-blocking-time', 'first-contentful-paint']
      .filter((id) => audits[id].numericValue === undefined)
      .map((id) => `${id}: ${audits[id].errorMessage ?? 'no value'}`),
  };
}

/** A figure, or "n/a" where Lighthouse gave none. */
const shown = (value, scale, digits) => (value === undefined ? 'n/a' : (value / scale).toFixed(digits));

/**
 * The page's longest main-thread tasks. Under simulated throttling their lengths are the
 * simulation's (4x CPU slowdown included); their start times are as observed, unthrottled.
 */
function longTasks(result) {
  const items = result.lhr.audits['long-tasks']?.details?.items ?? [];
  return items
    .slice(0, 6)
    .map(
      (t) =>
        `      ${String(Math.round(t.startTime)).padStart(6)} ms  ${Math.round(t.duration)} ms  ${t.url}`,
    )
    .join('\n');
}

function format(name, f) {
  const met =
    f.failed.length === 0 && f.score >= targets.score && f.lcpMs < targets.lcpMs && f.tbtMs < targets.tbtMs;
  return (
    `  ${name.padEnd(8)} performance ${f.score} (target ${targets.score}+), LCP ${shown(f.lcpMs, 1000, 2)} s ` +
    `(target < 2.5 s), TBT ${shown(f.tbtMs, 1, 0)} ms (target < 200 ms), FCP ${shown(f.fcpMs, 1000, 2)} s, ` +
    `CLS ${shown(f.cls, 1, 3)}: ${met ? 'met' : 'NOT met'}` +
    (f.failed.length ? `\n    Lighthouse could not measure ${f.failed.join('; ')}` : '')
  );
}

/** The figures; and, when blocking time is over its target (or unknown), the long tasks behind it. */
function report(name, result) {
  // LH_SAVE=<dir> keeps each page's whole Lighthouse result, to look into what a figure is made of.
  if (process.env.LH_SAVE) {
    const base = `${process.env.LH_SAVE}/lighthouse${name.replaceAll('/', '-')}`;
    writeFileSync(`${base}.json`, result.report);
    writeFileSync(`${base}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  const f = figures(result);
  console.log(format(name, f));
  if (process.env.LH_ALL || !(f.tbtMs < targets.tbtMs))
    console.log(`    its long tasks (start, length, script):\n${longTasks(result)}`);
}

/**
 * @param {string} url the running server
 * @param {{access_token: string, refresh_token: string}} session a signed-in session for /w/home
 */
export async function measureLighthouse(url, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.KETE_CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    console.log('Lighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown):');
    const login = await lighthouse(`${url}/login`, options);
    report('/login', login);

    // Home needs a session: store it the way the app does, then keep storage for the run.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.evaluate((auth) => localStorage.setItem('auth', auth), JSON.stringify(session));
    await page.close();
    browser.disconnect();
    const home = await lighthouse(`${url}/w/home`, { ...options, disableStorageReset: true });
    report('/w/home', home);
  } finally {
    chrome.kill();
  }
}
