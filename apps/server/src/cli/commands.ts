import { serverModules } from '../modules/index.js';
import type { CliCommand } from './command.js';
import { userFeatures, userList } from './user-commands.js';

export const commands: CliCommand[] = [
  userList,
  userFeatures,
  ...serverModules.flatMap((m) => m.commands ?? []),
];
