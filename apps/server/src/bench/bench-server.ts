// The benchmark's running server: the real dist/server.js as a child process, signed in to the
// way a user would (the code read from the outbox), and its peak memory read from /proc
// (peak-memory.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuSeconds } from './machine-cpu.js';
import { type PeakMemory, peakMemory } from './peak-memory.js';

export interface BenchServer {
  url: string;
  pid: number;
  /** Peak resident memory (VmHWM) of every server process (the primary and its workers), by run. */
  memory: PeakMemory;
  /** CPU seconds each server process (the primary first) has used so far. */
  cpuSecondsByProcess(): { pid: number; seconds: number }[];
  stop(): Promise<void>;
}

export async function startServer(
  serverJs: string,
  env: NodeJS.ProcessEnv,
  port: number,
  /** Sees every line the server writes to stderr (which still goes to this process's stderr). */
  onStderrLine?: (line: string) => void,
): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles every server process.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_STDOUT=/tmp/server.log keeps what the servers print (e.g. with --trace-gc).
  const stdoutFile = process.env.BENCH_SERVER_STDOUT;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, serverJs], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', stdoutFile ? openSync(stdoutFile, 'w') : 'ignore', onStderrLine ? 'pipe' : 'inherit'],
  });
  if (onStderrLine && child.stderr) {
    let rest = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onStderrLine(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pids = () => [child.pid ?? -1, ...childPids(child.pid ?? -1)];
  const cpuSecondsByProcess = () => pids().map((pid) => ({ pid, seconds: cpuSeconds(pid) }));
  return {
    url,
    pid: child.pid ?? -1,
    cpuSecondsByProcess,
    memory: peakMemory(pids),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The server's worker processes (KETE_WORKERS): the primary's children. */
function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // a single-process server has none
  }
}

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Signs in with the code the server wrote to its outbox; answers the access token. */
export async function signIn(server: BenchServer, outbox: string, email: string): Promise<string> {
  await post(`${server.url}/api/identity/email`, { email });
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const files = readdirSync(outbox)
      .map((f) => join(outbox, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    const newest = files[0] ? readFileSync(files[0], 'utf8') : '';
    code = /code is ([A-Z0-9]{3}-[A-Z0-9]{3})/.exec(newest.replace(/=\r?\n/g, ''))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no sign-in code in the outbox');
  const session = await post(`${server.url}/api/identity/passcode`, { email, passcode: code });
  return String(session.access_token);
}

export { post };
