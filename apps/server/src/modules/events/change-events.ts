// Turns a committed write under /api/:shortCode/... into a workspace event. One onResponse hook
// covers every route, so the routes and services carry no publishing code and none can be
// forgotten; what a route changes (if anything) is its own declaration (plugins/route-changes.ts),
// so a read sent as a POST (a search, a plan) is never announced as a change.
import { LIVE_CLIENT_HEADER, LIVE_CLIENT_ID, type WorkspaceAction, type WorkspaceEvent } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { routeChanges } from '../../plugins/route-changes.js';
import { keptTripOf } from '../household/trip.service.js';
import { heldProductRow } from '../products/catalogue-snapshot.js';

const actions: Record<string, WorkspaceAction> = {
  POST: 'added',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'removed',
};
const CLIENT_HEADER = LIVE_CLIENT_HEADER.toLowerCase();

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The app that sent the request, as it names itself, when the name looks like one. */
function clientOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CLIENT_HEADER];
  return typeof header === 'string' && LIVE_CLIENT_ID.test(header) ? header : undefined;
}

/** The event a finished request stands for, or null (reads, failures, non-workspace routes). */
export async function eventOf(
  db: Kysely<DB>,
  request: FastifyRequest,
  statusCode: number,
  now: number,
): Promise<{ workspaceId: number; event: WorkspaceEvent } | null> {
  const action = actions[request.method];
  const { topic } = routeChanges(request);
  const { membership, user } = request;
  if (!action || !topic || !membership || !user || statusCode < 200 || statusCode >= 300) return null;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const productId = numberOf(params.productId) ?? numberOf(body.productId);
  const listId = numberOf(params.listId);
  const event: WorkspaceEvent = { topic, action, byUserId: user.id, byName: user.displayName, at: now };
  if (listId !== undefined) event.listId = listId;
  // Accepting, declining or leaving (modules/access/membership-change.ts).
  if (request.membershipChange) event.member = request.membershipChange;
  const client = clientOf(request);
  if (client !== undefined) event.client = client;
  // Going shopping (issue 35): the stream carries the trip itself, so no member asks for it.
  if (topic === 'trip') event.trip = await keptTripOf(db, membership.workspaceId, now);
  if (productId !== undefined) {
    event.productId = productId;
    const product = await heldProductRow(db, productId);
    if (product) event.productName = product.name;
  }
  return { workspaceId: membership.workspaceId, event };
}
