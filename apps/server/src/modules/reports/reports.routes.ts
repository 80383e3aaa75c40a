// POST /api/{shortCode}/products/{id}/reports: a member reports a problem with a store's price of
// a product (issue 33 item 5). A write: counted by the write limiter, announced to no one.
import { ZPriceReport, ZPriceReportRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { ZProductParams } from '../products/products.routes.js';
import { workspaceIdOf } from '../shopping/route-params.js';
import { reportsService } from './reports.service.js';

export async function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const reports = reportsService(ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/:shortCode/products/:id/reports',
    {
      config: { changes: true },
      preHandler: workspaceAccess(ctx, 'member'),
      schema: { params: ZProductParams, body: ZPriceReportRequest, response: { 200: ZPriceReport } },
    },
    (request) =>
      reports.create(
        workspaceIdOf(request),
        currentUser(request).id,
        request.params.id,
        request.body,
        (userId, reportsInHour) =>
          request.log.warn({ userId, reportsInHour }, 'one user filed many price reports in an hour'),
      ),
  );
}
