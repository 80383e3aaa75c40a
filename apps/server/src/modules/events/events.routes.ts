// GET /api/:shortCode/events: a server-sent event stream of the workspace's changes, for members
// only. The web app reads it with fetch (Authorization header), so no token ever sits in a URL.
// `ready` on connect, `change` per event, `ping` every LIVE_HEARTBEAT_SECONDS (keeps proxies from
// closing an idle stream). Membership is checked again on every access change and every heartbeat:
// a revoked member's stream ends.
import type { ServerResponse } from 'node:http';
import { LIVE_EVENT, LIVE_HEARTBEAT_SECONDS, type WorkspaceEvent } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentMembership, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspacesRepository } from '../workspaces/workspaces.repository.js';
import { eventOf } from './change-events.js';
import type { WorkspaceEventBus } from './event-bus.js';

const ZParams = z.object({ shortCode: z.string().max(64) });

export interface EventsRouteOptions {
  bus: WorkspaceEventBus;
  heartbeatMs?: number;
}

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export async function eventsRoutes(app: FastifyInstance, ctx: AppContext, options: EventsRouteOptions) {
  const { bus } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000;
  const workspaces = workspacesRepository(ctx.db);
  const open = new Set<ServerResponse>();

  // After the response: the write is committed, and the writer is not kept waiting.
  app.addHook('onResponse', async (request, reply) => {
    try {
      const found = await eventOf(ctx.db, request, reply.statusCode, ctx.clock.now());
      if (found) bus.publish(found.workspaceId, found.event);
    } catch (error) {
      request.log.warn({ err: error }, 'live event not published');
    }
  });

  // Streams never end by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/:shortCode/events',
      { preHandler: workspaceAccess(ctx, 'member'), schema: { params: ZParams } },
      async (request, reply) => {
        const user = currentUser(request);
        const membership = currentMembership(request);
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-store, no-transform',
          Connection: 'keep-alive',
          // nginx and similar proxies would otherwise buffer the stream.
          'X-Accel-Buffering': 'no',
        });
        open.add(response);

        let checking = false;
        const stillMember = async () => {
          if (checking || response.writableEnded) return;
          checking = true;
          try {
            const current = await workspaces.findMembership(user.id, membership.shortCode);
            if (!current) stop();
          } catch (error) {
            request.log.warn({ err: error }, 'live stream membership check failed');
          } finally {
            checking = false;
          }
        };
        const unsubscribe = bus.subscribe(membership.workspaceId, (event: WorkspaceEvent) => {
          response.write(frame(LIVE_EVENT.change, event));
          if (event.topic === 'access') void stillMember();
        });
        const heartbeat = setInterval(() => {
          response.write(frame(LIVE_EVENT.ping, { at: ctx.clock.now() }));
          void stillMember();
        }, heartbeatMs);
        function stop() {
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(response);
          if (!response.writableEnded) response.end();
        }
        request.raw.on('close', stop);
        response.on('close', stop);
        // `you` lets the app tell its own changes from other members'; `at` gives it the server's clock.
        response.write(
          frame(LIVE_EVENT.ready, { transport: bus.transport.name, you: user.id, at: ctx.clock.now() }),
        );
      },
    );
}
