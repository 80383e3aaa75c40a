// Starts the real, built Kete server (apps/server/dist) as a child process on a free port with a
// fresh data folder, and a real SMTP server to catch the sign-in codes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/server/src/test/smtp-server.js';

export interface RunningServer {
  url: string;
  smtp: TestSmtpServer;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder (after stop). */
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;
const serverEntry = new URL('../../apps/server/dist/server.js', import.meta.url).pathname;

function launch(env: NodeJS.ProcessEnv, log: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // A first start takes a few seconds, demo catalogue or not (its stores are written when chosen).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      const match = /running at http:\/\/localhost:(\d+)/.exec(log.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log.join('')}`));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-e2e-'));
  const smtp = await startTestSmtpServer();
  const log: string[] = [];
  const baseEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    KETE_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    KETE_SIGNIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The server answers as it does for users: with the compiled serializer, not the test suite's
    // checked one (response-serializer.ts). Under the checked one every cart add by product was
    // answered here while it was a 500 for users.
    VITEST: '',
    ...env,
  };
  let { child, port } = await launch(baseEnv, log);

  // A graceful stop, escalated to SIGKILL if the server has not exited within STOP_GRACE_MS
  // (a test must not hang on a slow shutdown).
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const current = child;
      const force = setTimeout(() => current.kill('SIGKILL'), STOP_GRACE_MS);
      current.removeAllListeners('exit');
      current.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      current.kill('SIGTERM');
    });

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    smtp,
    dataDir,
    output: () => log.join(''),
    stop,
    async restart() {
      ({ child, port } = await launch({ ...baseEnv, PORT: String(port) }, log));
    },
    async close() {
      await stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
