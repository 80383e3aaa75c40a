// The one table of both engines (issue 47): each engine's runs over its own floor, the target for
// that engine, and plainly 'not measured' for an engine that did not run.
import { describe, expect, it } from 'vitest';
import { enginesSummary, formatResults, markdownTable } from './load-report.js';
import type { RunResult, Target } from './nz-load-runs.js';

const run = (name: string, p95: number, target: Target = {}, postgresCores?: number): RunResult => ({
  name,
  requests: 1000,
  perSecond: 100,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
  failures: 0,
  meanBytes: 500,
  cores: [0.1, 0.4, 0.5],
  machineCores: { machine: 2, loadGenerator: 0.5, other: 0.5 },
  peakMb: [80],
  postgresCores,
  target,
});

const rowOf = (table: string, name: string) =>
  table
    .split('\n')
    .find((line) => line.startsWith(`| ${name} |`))
    ?.split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

describe('the summary of both engines', () => {
  const sqlite = [
    run('floor (health)', 10),
    run('init/start', 30, { ratio: 5 }),
    run('writes (cart)', 40, { ratio: 3, postgresRatio: 5 }),
    run('search, new text', 45, { ratio: 5, ms: 25 }),
  ];
  const postgres = [
    run('floor (health)', 20, {}, 0),
    run('init/start', 120, { ratio: 5 }, 0.02),
    run('writes (cart)', 80, { ratio: 3, postgresRatio: 5 }, 0.3),
    run('search, new text', 60, { ratio: 5, ms: 25 }, 0),
  ];

  it("sets each run against its own engine's floor and target", () => {
    const table = enginesSummary(sqlite, postgres);
    expect(rowOf(table, 'init/start')).toEqual([
      'init/start',
      '3.0x (30.0 ms)',
      '6.0x (120.0 ms)',
      '<= 5x',
      'PASS',
      'FAIL',
      // 1 core at 100 requests a second: 10,000 µs each; PostgreSQL's 0.02 cores, 200 µs.
      '10000',
      '10000 + 200',
    ]);
    // 4x the floor: past SQLite's 3x, within PostgreSQL's 5x.
    expect(rowOf(table, 'writes (cart)')?.slice(1, 6)).toEqual([
      '4.0x (40.0 ms)',
      '4.0x (80.0 ms)',
      '<= 3x (PostgreSQL <= 5x)',
      'FAIL',
      'PASS',
    ]);
    expect(rowOf(table, 'search, new text')?.slice(3, 6)).toEqual([
      '<= 5x and < 25 ms',
      'FAIL (ms only)',
      'FAIL (ms only)',
    ]);
  });

  it('says PostgreSQL was not measured when it did not run', () => {
    const row = rowOf(enginesSummary(sqlite, undefined), 'init/start');
    expect(row?.slice(1, 3)).toEqual(['3.0x (30.0 ms)', 'not measured']);
  });

  it('judges a run against the floor measured right before it, and shows its ratio to the first floor', () => {
    // The machine slowed between the first floor (4 ms) and the search's own floor (6 ms).
    const search: RunResult = {
      ...run('search, new text', 24, { ratio: 5, ms: 25 }, 0),
      ownFloor: run('floor (health), before', 6),
    };
    /** The search's PostgreSQL cells of the summary: ratio (p95), target, SQLite's verdict, PostgreSQL's. */
    const searchCells = (runs: RunResult[]) =>
      rowOf(enginesSummary(undefined, runs), 'search, new text')?.slice(2, 6);
    const runs = [run('floor (health)', 4, {}, 0), search];
    // 24 ms over its own floor: 4.0x, within 5x, though 6.0x the first floor.
    expect(searchCells(runs)).toEqual(['4.0x (24.0 ms)', '<= 5x and < 25 ms', '-', 'PASS']);
    expect(rowOf(markdownTable(runs), 'search, new text')?.slice(5, 7)).toEqual(['4.0x', '6.0x']);
    expect(formatResults(runs)[1]).toContain(
      '4.0x its floor (p95 6.0 ms at 100 req/s; 6.0x the first)   target <= 5x and < 25 ms: met',
    );
    // And the other way: its own floor faster than the first, 30 ms is 7.5x it, past 5x.
    const slow: RunResult = { ...search, p95: 30, ownFloor: run('floor (health), before', 4) };
    const slowRuns = [run('floor (health)', 6, {}, 0), slow];
    expect(searchCells(slowRuns)).toEqual(['7.5x (30.0 ms)', '<= 5x and < 25 ms', '-', 'FAIL']);
    // A floor of its own whose requests all failed (no p95) is not a floor: the first one is used.
    const noFloor: RunResult = {
      ...search,
      p95: 20,
      ownFloor: { ...run('floor (health), before', 0), failures: 1000 },
    };
    const withFirst = [run('floor (health)', 2, {}, 0), noFloor];
    expect(searchCells(withFirst)).toEqual(['10.0x (20.0 ms)', '<= 5x and < 25 ms', '-', 'FAIL']);
    // A run measured without a floor of its own is set against the first floor in both columns.
    expect(
      rowOf(
        markdownTable([runs[0] as RunResult, { ...search, ownFloor: undefined }]),
        'search, new text',
      )?.slice(5, 7),
    ).toEqual(['6.0x', '6.0x']);
  });
});
