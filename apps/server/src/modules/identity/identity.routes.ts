import { ZEmailRequest, ZPasscodeRequest, ZRefreshRequest, ZSession } from '@kete/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { signInsTotal } from '../../lib/metrics.js';
import { clientKey } from './client-key.js';
import type { IdentityService } from './identity.service.js';

type SignInOutcome = 'requested' | 'refused' | 'succeeded' | 'failed';

/** One line and one count per sign-in step; a failed passcode is a warning (someone guessing). */
function signInEvent(log: FastifyBaseLogger, outcome: SignInOutcome, reason?: string) {
  signInsTotal.inc({ outcome });
  const line = { event: 'sign-in', outcome, ...(reason ? { reason } : {}) };
  if (outcome === 'failed' || outcome === 'refused') log.warn(line, `sign-in ${outcome}`);
  else log.info(line, `sign-in ${outcome}`);
}

export async function identityRoutes(app: FastifyInstance, identity: IdentityService, config: Config) {
  // Per client address, on top of the per-e-mail-address code limit in the service.
  const signInLimit = { max: config.signInRateLimit, timeWindow: 60_000, groupId: 'sign-in' };
  const refreshLimit = { max: config.signInRateLimit * 3, timeWindow: 60_000, groupId: 'refresh' };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/identity/email',
    {
      config: { public: true, changes: true, rateLimit: signInLimit },
      schema: { body: ZEmailRequest, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      // Never the address itself (issue 48): the access line's request id ties this to the client.
      try {
        await identity.requestCode(request.body.email, clientKey(request.ip));
      } catch (error) {
        if (error instanceof HttpError) signInEvent(request.log, 'refused', error.message);
        throw error;
      }
      signInEvent(request.log, 'requested');
      return { ok: true as const };
    },
  );

  r.post(
    '/api/identity/passcode',
    {
      config: { public: true, changes: true, rateLimit: signInLimit },
      schema: { body: ZPasscodeRequest, response: { 200: ZSession } },
    },
    async (request) => {
      try {
        const session = await identity.signIn(
          request.body.email,
          request.body.passcode,
          clientKey(request.ip),
        );
        signInEvent(request.log, 'succeeded');
        return session;
      } catch (error) {
        if (error instanceof HttpError) signInEvent(request.log, 'failed', error.message);
        throw error;
      }
    },
  );

  r.post(
    '/api/identity/refresh-token',
    {
      config: { public: true, changes: true, rateLimit: refreshLimit },
      schema: { body: ZRefreshRequest, response: { 200: ZSession } },
    },
    (request) => identity.refresh(request.body.refresh_token),
  );

  r.post(
    '/api/identity/logout',
    { config: { public: true, changes: true, rateLimit: refreshLimit }, schema: { body: ZRefreshRequest } },
    async (request, reply) => {
      await identity.logout(request.body.refresh_token);
      return reply.code(204).send();
    },
  );
}
