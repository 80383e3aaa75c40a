// CPU time read from /proc: each server process's (bench-server.ts), and where the machine's cores
// went during a load run: the server's processes, the load generator (this process: autocannon
// runs in it) and everything else. On PostgreSQL "everything else" is
// mostly its backends, which share the two cores with both (decision 0011, twelfth round: 0.94
// cores in the write run, as much as both workers).
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100;

/** User and system CPU time of a process (/proc/PID/stat fields 14 and 15, in clock ticks). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0; // the process has ended
  }
}

/** Busy CPU seconds of the whole machine (/proc/stat's first line: all but idle and iowait). */
function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    // guest time is already counted in user time (proc(5)): the first eight fields only.
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return (total - idle) / CLOCK_TICKS;
  } catch {
    return Number.NaN; // not Linux: the split is not printed
  }
}

/** This process's CPU seconds (the load generator's). */
const loadGeneratorSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export interface CoreSplit {
  /** Cores the whole machine kept busy. */
  machine: number;
  loadGenerator: number;
  /** Neither the server nor the load generator (PostgreSQL's backends, other programs). */
  other: number;
}

/** Starts measuring; the returned function gives the split since, the server's cores given. */
export function measureCores(): (serverCores: number) => CoreSplit {
  const started = performance.now();
  const machineBefore = machineBusySeconds();
  const loadBefore = loadGeneratorSeconds();
  return (serverCores) => {
    const elapsed = (performance.now() - started) / 1000;
    const machine = (machineBusySeconds() - machineBefore) / elapsed;
    const loadGenerator = (loadGeneratorSeconds() - loadBefore) / elapsed;
    return { machine, loadGenerator, other: Math.max(0, machine - loadGenerator - serverCores) };
  };
}
