// POST /api/{shortCode}/cart/plan (issue 13): the cheapest way to buy the shopping list at no more
// than maxStores stores. Members only; unreasonable requests are 400s in the spec's shape.
import { ZPlan, ZPlanRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { planService } from './plan.service.js';
import { workspaceIdOf, ZWorkspaceParams } from './route-params.js';

export async function planRoutes(app: FastifyInstance, ctx: AppContext) {
  const plans = planService(ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/:shortCode/cart/plan',
    {
      preHandler: workspaceAccess(ctx, 'member'),
      schema: { params: ZWorkspaceParams, body: ZPlanRequest, response: { 200: ZPlan } },
    },
    (request) => plans.plan(workspaceIdOf(request), request.body),
  );
}
