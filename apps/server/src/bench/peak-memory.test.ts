// The bench's per-run peak memory, against a real process that grows and shrinks again.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { peakMemory } from './peak-memory.js';

// Touches 200 MB, frees it, says so, then idles until killed.
const GROW_AND_SHRINK = `
let big = Buffer.alloc(200 * 1024 * 1024, 1);
big = undefined;
globalThis.gc();
setTimeout(() => process.stdout.write('shrunk\\n'), 50);
setInterval(() => {}, 1000);
`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

describe('peak memory of a process (Linux /proc, as the bench)', () => {
  it('keeps the whole life’s peak while a new window starts at the current size', async () => {
    child = spawn(process.execPath, ['--expose-gc', '-e', GROW_AND_SHRINK], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await once(child.stdout as NodeJS.ReadableStream, 'data');
    const pid = child.pid as number;
    const memory = peakMemory(() => [pid]);

    const [before] = memory.windowPeaks();
    expect(before?.mb).toBeGreaterThan(200);

    memory.startWindow();
    const [windowPeak] = memory.windowPeaks();
    const [lifePeak] = memory.peaks();
    // The freed 200 MB is no longer resident: the window's peak is the process's size now.
    expect(windowPeak?.mb).toBeLessThan(150);
    expect(lifePeak?.mb).toBe(before?.mb);
  });
});
