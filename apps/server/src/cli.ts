// npm run kete -- <command>: the operators' entry (users, features, ingest, access requests,
// backup and restore).

import { type CliIo, UsageError } from './cli/command.js';
import { commands } from './cli/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';

const io: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

function printHelp() {
  io.out('Usage: npm run kete -- <command> [options]\n');
  for (const command of commands) io.out(`  ${command.usage.padEnd(60)} ${command.summary}`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    printHelp();
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n`);
    printHelp();
    return 2;
  }
  const usageMistake = (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(error as Error).message}\nUsage: npm run kete -- ${command.usage}`);
      return 2;
    }
    throw error;
  };
  // Backup and restore handle the database's files themselves: nothing is opened for them.
  if ('runWithConfig' in command) return command.runWithConfig(args, loadConfig(), io).catch(usageMistake);
  const ctx = await createContext(loadConfig(), { startTasks: false });
  try {
    return await command.run(args, ctx, io);
  } catch (error) {
    return usageMistake(error);
  } finally {
    ctx.mailer.close();
    await ctx.database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    io.err(error instanceof ConfigError ? error.message : `Failed: ${String(error)}`);
    process.exit(1);
  },
);
