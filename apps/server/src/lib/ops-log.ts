// The log for what happens outside a request (refresh runs, feed imports, pushes): the server's
// own pino logger once buildApp has one, so these lines share its format (LOG_FORMAT) and level.
// Inside a request, use request.log (it carries the request id).
import pino, { type Logger } from 'pino';

let current: Logger = pino({ level: 'silent' });

export const opsLog = (): Logger => current;

export function useOpsLogger(logger: Logger): void {
  current = logger;
}
