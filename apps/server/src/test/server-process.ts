// Runs the built server (dist/server.js) as a real child process, for what only a process can
// show: start-up refusing bad configuration, kill -9 durability, graceful shutdown.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const serverEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
export const cliEntry = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export interface RunOptions {
  /** Runs the server through another command, e.g. unshare with a mount: [command, ...args] -> the line run. */
  wrap?: (command: string[]) => string[];
}

export function runServer(
  env: Record<string, string>,
  options: RunOptions = {},
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | NodeJS.Signals | null>;
} {
  const log: string[] = [];
  const [command, ...args] = options.wrap?.([process.execPath, serverEntry]) ?? [
    process.execPath,
    serverEntry,
  ];
  const child = spawn(command as string, args, {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, output: () => log.join(''), exited };
}

/** Starts the server and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const run = runServer(env);
  for (let waited = 0; waited < 30_000; waited += 50) {
    const match = /running at (http:\/\/localhost:\d+)/.exec(run.output());
    if (match?.[1]) return { ...run, url: match[1].replace('localhost', '127.0.0.1') };
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  run.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${run.output()}`);
}
