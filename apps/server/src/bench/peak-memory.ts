// Peak resident memory (VmHWM) of a set of processes, read from /proc: over their whole life, and
// over a window (one bench run). Linux resets a process's VmHWM to its current size when 5 is
// written to /proc/PID/clear_refs; the peak before the window is kept here, so the whole life's
// figure is not lost.
import { readFileSync, writeFileSync } from 'node:fs';

export interface ProcessMb {
  pid: number;
  mb: number;
}

export interface PeakMemory {
  /** Each process's peak since it started. */
  peaks(): ProcessMb[];
  /** Starts a new window: windowPeaks from now on. */
  startWindow(): void;
  /** Each process's peak since startWindow (since it started, before the first window). */
  windowPeaks(): ProcessMb[];
}

export function peakMemory(pids: () => number[]): PeakMemory {
  /** Each process's peak before the current window began. */
  const earlier = new Map<number, number>();
  const windowPeaks = () => pids().map((pid) => ({ pid, mb: highWaterMb(pid) }));
  const peaks = () => windowPeaks().map(({ pid, mb }) => ({ pid, mb: Math.max(mb, earlier.get(pid) ?? 0) }));
  return {
    peaks,
    windowPeaks,
    startWindow() {
      for (const { pid, mb } of peaks()) {
        earlier.set(pid, mb);
        try {
          writeFileSync(`/proc/${pid}/clear_refs`, '5');
        } catch {
          // ended, or a kernel without it: the window then starts at the process's start
        }
      }
    },
  };
}

function highWaterMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process has ended
  }
}
