// GET /api/:shortCode/events: a server-sent event stream of the workspace's changes, for members
// only. The web app reads it with fetch (Authorization header), so no token ever sits in a URL.
// `ready` on connect, `change` per event, `ping` every LIVE_HEARTBEAT_SECONDS (keeps proxies from
// closing an idle stream). A stream lasts as long as the right to it (live-streams.ts): it ends at
// its access token's expiry, when its session is signed out or revoked, and when its user stops
// being a member; each user and client address may hold only a few at once (stream-leases.ts).
import { randomUUID } from 'node:crypto';
import { LIVE_EVENT, LIVE_HEARTBEAT_SECONDS, type WorkspaceEvent } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { unauthorized } from '../../lib/http-error.js';
import { watchGauges } from '../../lib/metrics.js';
import { currentMembership, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { clientKey } from '../identity/client-key.js';
import { messages as identityMessages } from '../identity/identity.service.js';
import { refreshTokensRepository } from '../identity/refresh-tokens.repository.js';
import { eventOf } from './change-events.js';
import type { WorkspaceEventBus } from './event-bus.js';
import { type LiveStream, LiveStreams } from './live-streams.js';
import { streamLeases } from './stream-leases.js';

const ZParams = z.object({ shortCode: z.string().max(64) });

export interface EventsRouteOptions {
  bus: WorkspaceEventBus;
  heartbeatMs?: number;
}

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export async function eventsRoutes(app: FastifyInstance, ctx: AppContext, options: EventsRouteOptions) {
  const { bus } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000;
  const leases = streamLeases(ctx.db);
  const refreshTokens = refreshTokensRepository(ctx.db);
  const streams = new LiveStreams(ctx, leases, heartbeatMs, app.log);
  watchGauges({ liveStreams: () => streams.size });

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
  app.addHook('preClose', async () => streams.stopAll());

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/:shortCode/events',
      { preHandler: workspaceAccess(ctx, 'member'), schema: { params: ZParams } },
      async (request, reply) => {
        const user = currentUser(request);
        const membership = currentMembership(request);
        const claims = request.accessClaims;
        if (!claims) throw unauthorized(identityMessages.sessionExpired);
        // A token outliving its session (signed out elsewhere) opens nothing.
        if (
          claims.sessionId &&
          !(await refreshTokens.liveFamilies([claims.sessionId], ctx.clock.now())).has(claims.sessionId)
        )
          throw unauthorized(identityMessages.sessionExpired);
        const id = randomUUID();
        await leases.open({ id, userId: user.id, client: clientKey(request.ip) }, ctx.clock.now());
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-store, no-transform',
          Connection: 'keep-alive',
          // nginx and similar proxies would otherwise buffer the stream.
          'X-Accel-Buffering': 'no',
        });

        const unsubscribe = bus.subscribe(membership.workspaceId, (event: WorkspaceEvent) => {
          response.write(frame(LIVE_EVENT.change, event));
          if (event.topic === 'access') streams.accessChanged(membership.workspaceId);
        });
        const stream: LiveStream = {
          id,
          userId: user.id,
          shortCode: membership.shortCode,
          workspaceId: membership.workspaceId,
          expiresAt: claims.expiresAt,
          sessionId: claims.sessionId,
          ping: () => response.write(frame(LIVE_EVENT.ping, { at: ctx.clock.now() })),
          stop,
        };
        function stop() {
          unsubscribe();
          streams.remove(stream);
          if (!response.writableEnded) response.end();
        }
        streams.add(stream);
        request.raw.on('close', stop);
        response.on('close', stop);
        // Gone while its place was being taken: nothing will tell it again.
        if (request.raw.destroyed || response.destroyed) stop();
        // `you` lets the app tell its own changes from other members'; `at` gives it the server's clock.
        if (!response.writableEnded)
          response.write(
            frame(LIVE_EVENT.ready, { transport: bus.transport.name, you: user.id, at: ctx.clock.now() }),
          );
      },
    );
}
