// npm run kete -- <command>: the operators' entry (users, features, ingest, access requests,
// backup and restore).

import { type CliIo, UsageError } from './cli/command.js';
import { commands } from './cli/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { databaseLabel } from './db/database-label.js';
import { waitForDatabase } from './db/wait-for-database.js';

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
  const config = loadConfig();
  // Said before anything is done, on standard error (standard output may be a feed or a list).
  io.err(
    `Database: ${databaseLabel(config)}${process.env.KETE_DATA_DIR || config.databaseUrl ? '' : ' (KETE_DATA_DIR is unset: ./data)'}`,
  );
  // Backup and restore handle the database's files themselves: nothing is opened for them.
  if ('runWithConfig' in command) return command.runWithConfig(args, config, io).catch(usageMistake);
  await waitForDatabase({ ...config, databaseWaitSeconds: Math.min(config.databaseWaitSeconds, 10) }, io.err);
  const ctx = await createContext(config, { startTasks: false });
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
