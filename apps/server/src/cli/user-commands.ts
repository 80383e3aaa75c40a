import { parseArgs } from 'node:util';
import { allFeatures, type Feature, ZEmail } from '@kete/shared';
import { usersRepository } from '../modules/users/users.repository.js';
import { type CliCommand, UsageError } from './command.js';

function parseFeatureNames(values: string[] | undefined): Feature[] {
  const names = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!allFeatures.includes(name as Feature)) {
      throw new UsageError(`Unknown feature "${name}". Known features: ${allFeatures.join(', ')}.`);
    }
  }
  return names as Feature[];
}

export const userList: CliCommand = {
  name: 'user:list',
  usage: 'user:list',
  summary: 'List every user with their features',
  async run(_args, ctx, io) {
    const users = await usersRepository(ctx.db).list();
    if (users.length === 0) io.out('No users yet.');
    for (const user of users) {
      io.out(`${user.email}\t${user.displayName}\t${user.features.join(',') || '(no features)'}`);
    }
    return 0;
  },
};

export const userFeatures: CliCommand = {
  name: 'user:features',
  usage: 'user:features <email> [--add Feature]... [--remove Feature]...',
  summary: 'Show or change the features of a user',
  async run(args, ctx, io) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { add: { type: 'string', multiple: true }, remove: { type: 'string', multiple: true } },
    });
    const email = ZEmail.safeParse(positionals[0]);
    if (!email.success) throw new UsageError('Give the e-mail address of the user.');
    const users = usersRepository(ctx.db);
    const user = await users.findByEmail(email.data);
    if (!user) {
      io.err(`No user with the address ${email.data}.`);
      return 1;
    }
    const add = parseFeatureNames(values.add);
    const remove = parseFeatureNames(values.remove);
    const features = allFeatures.filter(
      (f) => (user.features.includes(f) || add.includes(f)) && !remove.includes(f),
    );
    if (add.length || remove.length) await users.setFeatures(user.id, features);
    io.out(`${user.email}: ${features.join(',') || '(no features)'}`);
    return 0;
  },
};
