import { ZHealth } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// The server listens only after migrations finish, so answering at all means the schema is ready.
export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { config: { public: true }, schema: { response: { 200: ZHealth } } }, () => ({
      status: 'ok' as const,
    }));
}
