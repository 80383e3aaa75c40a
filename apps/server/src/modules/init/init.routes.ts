import { ZInitialData, ZSwitchResponse } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentUser } from '../../plugins/request-context.js';
import { initService } from './init.service.js';

export async function initRoutes(app: FastifyInstance, ctx: AppContext) {
  const init = initService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/init/start', { schema: { response: { 200: ZInitialData } } }, (request) =>
    init.start(currentUser(request)),
  );

  r.post(
    '/api/init/switch/:shortCode',
    {
      schema: {
        params: z.object({ shortCode: z.string().max(64) }),
        response: { 200: ZSwitchResponse },
      },
    },
    (request) => init.switchTo(currentUser(request), request.params.shortCode),
  );
}
