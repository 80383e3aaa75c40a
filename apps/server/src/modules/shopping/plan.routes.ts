// POST /api/{shortCode}/cart/plan (issue 13): the cheapest way to buy the shopping list at no more
// than maxStores stores. Members only; unreasonable requests are 400s in the spec's shape; a plan
// costs bounded work (plan.service.ts): 429 with Retry-After past the user's plans a minute, or
// while too many plans of the workspace wait for their turn. A read: nothing is announced.
import { ZPlan, ZPlanRequest } from '@kete/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { plansInFlight } from '../../lib/metrics.js';
import { currentStoreIds, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { planService } from './plan.service.js';
import { closePlanWorker } from './plan-worker.js';
import { workspaceIdOf, ZWorkspaceParams } from './route-params.js';

// Already JSON bytes: sent as they are, the schema still documents them (as init.routes.ts does).
const sendJson = (reply: FastifyReply, json: Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);

export async function planRoutes(app: FastifyInstance, ctx: AppContext) {
  const plans = planService(ctx);
  app.addHook('onClose', closePlanWorker);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/:shortCode/cart/plan',
    {
      config: { changes: false },
      preHandler: workspaceAccess(ctx, 'member'),
      // The answer is JSON bytes (written by ZPlan's serializer, kept while the list is unchanged).
      schema: { params: ZWorkspaceParams, body: ZPlanRequest, response: { 200: ZPlan } },
    },
    async (request, reply) => {
      const ask = {
        workspaceId: workspaceIdOf(request),
        workspaceStoreIds: currentStoreIds(request),
        userId: currentUser(request).id,
      };
      plansInFlight.inc();
      try {
        const json = await plans.answer(ask, request.body);
        return sendJson(reply, json);
      } finally {
        plansInFlight.dec();
      }
    },
  );
}
