import { ZInitialData, ZSwitchResponse } from '@kete/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentUser } from '../../plugins/request-context.js';
import { initService } from './init.service.js';
import { initialDataJson } from './initial-data-json.js';

export async function initRoutes(app: FastifyInstance, ctx: AppContext) {
  const init = initService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Already JSON bytes (initial-data-json.ts): sent as they are, the schema still documents them.
  const sendJson = (reply: FastifyReply, json: Buffer) =>
    reply.type('application/json; charset=utf-8').send(json);
  // Reads: the start-up data (its one write, a new user's own workspace on their first start, is
  // nobody's change to hear of, and is not held to the write limit).
  r.post(
    '/api/init/start',
    { config: { changes: false }, schema: { response: { 200: ZInitialData } } },
    async (request, reply) => sendJson(reply, initialDataJson(await init.start(currentUser(request)))),
  );

  r.post(
    '/api/init/switch/:shortCode',
    {
      config: { changes: false },
      schema: {
        params: z.object({ shortCode: z.string().max(64) }),
        response: { 200: ZSwitchResponse },
      },
    },
    async (request, reply) => {
      const answer = await init.switchTo(currentUser(request), request.params.shortCode);
      return 'workspace_unknown' in answer ? answer : sendJson(reply, initialDataJson(answer));
    },
  );
}
