// Backups and restores of the SQLite database (issue 32): operator commands only.
import type { ServerModule } from '../../server-module.js';
import { backupCommand, restoreCommand } from './backup.commands.js';

export const backupModule: ServerModule = {
  name: 'backup',
  commands: [backupCommand, restoreCommand],
};
