import { serverModules } from '../modules/index.js';
import type { CliCommand, FileCommand } from './command.js';
import { userFeatures, userList } from './user-commands.js';

export const commands: (CliCommand | FileCommand)[] = [
  userList,
  userFeatures,
  ...serverModules.flatMap((m) => m.commands ?? []),
];
