// Web Push routes (issue 35): the VAPID public key, and this device's subscription with what its
// user chose to be told. The subscription is the device's: PUT saves or changes it, DELETE (on
// turning off or signing out) removes it.
import { ZPushKey, ZPushRemoveRequest, ZPushRequest, ZPushSettings } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context.js';
import { currentUser } from '../../../plugins/request-context.js';
import { pushService } from './push.service.js';

export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const push = pushService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/push/key', { schema: { response: { 200: ZPushKey } } }, (request) => {
    currentUser(request);
    return { publicKey: push.publicKey() };
  });

  // What this device gets, by its endpoint (the settings screen asks on opening).
  r.post(
    '/api/me/push/settings',
    { config: { changes: false }, schema: { body: ZPushRemoveRequest, response: { 200: ZPushSettings } } },
    async (request) => ({ topics: await push.settings(currentUser(request).id, request.body.endpoint) }),
  );

  r.put(
    '/api/me/push',
    { config: { changes: true }, schema: { body: ZPushRequest, response: { 200: ZPushSettings } } },
    (request) => push.subscribe(currentUser(request).id, request.body),
  );

  r.delete(
    '/api/me/push',
    { config: { changes: true }, schema: { body: ZPushRemoveRequest } },
    async (request, reply) => {
      await push.unsubscribe(currentUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );
}
