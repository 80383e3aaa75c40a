#!/usr/bin/env node
// npm test: the whole suite. It runs the server tests on SQLite always, again on PostgreSQL when
// TEST_DATABASE_URL is set, and the browser tests when Chromium is installed, and says plainly
// what it left out. CI sets KETE_REQUIRE_POSTGRES=1 and KETE_REQUIRE_BROWSER=1 so nothing is
// silently skipped there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const browserPath = process.env.KETE_CHROMIUM ?? '/usr/bin/chromium';
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const hasBrowser = existsSync(browserPath);
const missing = [];

if (!hasPostgres) {
  console.log('NOTE: TEST_DATABASE_URL is not set, so the PostgreSQL run of the server tests is skipped.');
  console.log('      Set it (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.');
  if (process.env.KETE_REQUIRE_POSTGRES === '1') missing.push('PostgreSQL tests');
}
if (!hasBrowser) {
  console.log(`NOTE: no Chromium at ${browserPath}, so the browser tests are skipped.`);
  console.log('      Install it (apt-get install -y chromium) or set KETE_CHROMIUM to run them.');
  if (process.env.KETE_REQUIRE_BROWSER === '1') missing.push('browser tests');
}
if (missing.length) {
  console.error(`FAILED: required parts cannot run: ${missing.join(', ')}.`);
  process.exit(1);
}

// Browser and process tests run the built server and web app, so build them first (incremental,
// a few seconds when nothing changed). KETE_TEST_NO_BUILD=1 skips it when the caller just built.
if (process.env.KETE_TEST_NO_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('FAILED: the build failed, so the tests cannot run.');
    process.exit(build.status ?? 1);
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'kete-test-'));
const report = join(workDir, 'report.json');
// The PostgreSQL test database helper and the browser launcher leave a marker here when they
// really ran, so "the PostgreSQL tests ran" is a fact, not a guess from file names.
process.env.KETE_TEST_MARKERS = workDir;
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let summary = null;
if (existsSync(report)) summary = JSON.parse(readFileSync(report, 'utf8'));
if (summary) {
  const ran = (part) => existsSync(join(workDir, `ran-${part}`));
  if (process.env.KETE_REQUIRE_BROWSER === '1' && !ran('browser')) {
    console.error('FAILED: the browser tests did not run.');
    process.exit(1);
  }
  if (process.env.KETE_REQUIRE_POSTGRES === '1' && !ran('postgres')) {
    console.error('FAILED: the PostgreSQL tests did not run.');
    process.exit(1);
  }
  console.log(
    `\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`,
  );
}
process.exit(result.status ?? 1);
