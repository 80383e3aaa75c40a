// The API's OpenAPI 3.1 document, generated from the routes' own zod schemas by @fastify/swagger
// with fastify-type-provider-zod's transform (nothing written by hand, so it cannot drift), served
// at /api/openapi.json. Must be registered before the routes: it collects them as they are added.
import fastifySwagger from '@fastify/swagger';
import { ZApiError } from '@kete/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';

const zodTransform = createJsonSchemaTransform({ skipList: [OPENAPI_PATH] });
const { $schema: _dialect, ...errorShape } = z.toJSONSchema(ZApiError) as Record<string, unknown>;

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kete API',
        version: '1',
        description:
          'Compare New Zealand supermarket prices and share one shopping list. Errors have the shape ' +
          '{message, errors: {field: {message}}}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform(input) {
      // Only the API: the web app's files and images are not operations.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true } as FastifySchema, url: input.url };
      const { schema, url } = zodTransform(input);
      const response = (schema.response ?? {}) as Record<string, unknown>;
      const documented: Record<string, unknown> = {
        ...schema,
        // Every refusal (400, 401, 403, 404, 429) and failure (500, 503) has the same shape.
        response: { ...response, '4XX': errorShape, '5XX': errorShape },
      };
      if (input.route.config?.public) documented.security = [];
      return { schema: documented as FastifySchema, url };
    },
  });
  app.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, () => app.swagger());
}
