// Operator commands for invite-only sign-up: see who asked, and let them in.
import { ZEmail } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { type CliCommand, UsageError } from '../../cli/command.js';
import { accessRequests } from './access-requests.js';

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

async function sendApprovalMail(ctx: AppContext, email: string) {
  const link = `${ctx.config.publicUrl.replace(/\/+$/, '')}/login`;
  await ctx.mailer.send({
    to: email,
    subject: 'You can now use Kete',
    text: [
      `Your request to use Kete has been approved.`,
      '',
      `Sign in with this email address: ${link}`,
    ].join('\n'),
  });
}

export const accessList: CliCommand = {
  name: 'access:list',
  usage: 'access:list',
  summary: 'List requests for access to Kete, pending and approved',
  async run(_args, ctx, io) {
    const requests = await accessRequests(ctx.db).list();
    if (requests.length === 0) io.out('No requests for access.');
    for (const request of requests) {
      const state = request.approvedAt === null ? 'pending' : `approved ${when(request.approvedAt)}`;
      io.out(`${request.email}\trequested ${when(request.requestedAt)}\t${state}`);
    }
    return 0;
  },
};

export const accessApprove: CliCommand = {
  name: 'access:approve',
  usage: 'access:approve <email>',
  summary: 'Let an address sign in when KETE_SIGNUP=invite, and email them',
  async run(args, ctx, io) {
    const email = ZEmail.safeParse(args[0]);
    if (!email.success) throw new UsageError('Give the e-mail address to approve.');
    const approved = await accessRequests(ctx.db).approve(email.data, ctx.clock.now());
    if (!approved) {
      io.out(`${email.data} was already approved.`);
      return 0;
    }
    await sendApprovalMail(ctx, email.data);
    io.out(`${email.data} approved and emailed.`);
    return 0;
  },
};
