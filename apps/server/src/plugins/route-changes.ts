// Each route's one declaration of whether it changes data (issue 32: reads never announce
// changes). Read by the live events (a change is announced only by a write that committed:
// modules/events/change-events.ts) and by the write limiter (only changes count:
// write-rate-limit.ts). A POST that only reads (a search, a plan, start-up data) says so with
// `changes: false`; before this, a plan was announced as "added" to every member and each of them
// asked for the plan again, forever.
import type { WorkspaceTopic } from '@kete/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * A topic: the route changes that part of a workspace (its live event's topic). true: it changes
 * data no workspace member watches live (an account's settings, a sign-in). false: it only reads.
 */
export type ChangeDeclaration = WorkspaceTopic | boolean;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route changes data (plugins/route-changes.ts). Every non-GET route declares it. */
    changes?: ChangeDeclaration;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WORKSPACE_PREFIX = '/api/:shortCode';
const PATH_TOPICS = new Set<string>(['cart', 'lists', 'favourites', 'stores', 'access']);

/**
 * The topic an undeclared write route's path names (a route added without its declaration still
 * announces what it changes; route-changes.test.ts asks every route to declare).
 */
function topicOfPath(url: string): WorkspaceTopic | null {
  if (url === WORKSPACE_PREFIX) return 'workspace';
  if (!url.startsWith(`${WORKSPACE_PREFIX}/`)) return null;
  const first = url.slice(WORKSPACE_PREFIX.length + 1).split('/')[0] ?? '';
  return PATH_TOPICS.has(first) ? (first as WorkspaceTopic) : null;
}

export interface RouteChanges {
  /** The route writes: the write limiter counts it. */
  changes: boolean;
  /** What a committed change is announced as to the workspace's members; null: nothing. */
  topic: WorkspaceTopic | null;
}

const READS: RouteChanges = { changes: false, topic: null };

/** What the request's route declared (or, undeclared, what its method and path imply). */
export function routeChanges(request: FastifyRequest): RouteChanges {
  const declared = request.routeOptions.config?.changes;
  if (declared === false) return READS;
  if (declared === true) return { changes: true, topic: null };
  if (declared !== undefined) return { changes: true, topic: declared };
  if (READ_METHODS.has(request.method)) return READS;
  return { changes: true, topic: topicOfPath(request.routeOptions.url ?? '') };
}

const undeclaredByApp = new WeakMap<FastifyInstance, string[]>();

/**
 * Notes every /api route added from now on whose method changes data but which has not declared
 * whether it does (it is then treated as a write, under the topic its path names), and warns of
 * them once the app is ready.
 */
export function watchRouteDeclarations(app: FastifyInstance): void {
  const undeclared: string[] = [];
  undeclaredByApp.set(app, undeclared);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { changes?: ChangeDeclaration } | undefined;
    if (config?.changes !== undefined) return;
    for (const method of methods) if (!READ_METHODS.has(method)) undeclared.push(`${method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    if (undeclared.length > 0)
      app.log.warn(
        { routes: undeclared },
        'routes that do not declare whether they change data (config.changes)',
      );
  });
}

/** "POST /api/x" of each route that watchRouteDeclarations found undeclared. */
export const undeclaredRoutes = (app: FastifyInstance): readonly string[] => undeclaredByApp.get(app) ?? [];
