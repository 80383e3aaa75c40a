// Turns a successful write under /api/:shortCode/... into a workspace event. One onResponse hook
// covers every write route (cart, lists, favourites, stores, access, the workspace name, and any
// added later), so the routes and services carry no publishing code and none can be forgotten.
import type { WorkspaceAction, WorkspaceEvent, WorkspaceTopic } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { heldProductRow } from '../products/catalogue-snapshot.js';

const WORKSPACE_PREFIX = '/api/:shortCode';
const topics = new Set<string>(['cart', 'lists', 'favourites', 'stores', 'access']);
const actions: Record<string, WorkspaceAction> = {
  POST: 'added',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'removed',
};

/** The topic of a route pattern, or null when the route changes nothing we stream. */
export function topicOfRoute(url: string): WorkspaceTopic | null {
  if (url === WORKSPACE_PREFIX) return 'workspace';
  if (!url.startsWith(`${WORKSPACE_PREFIX}/`)) return null;
  const segments = url.slice(WORKSPACE_PREFIX.length + 1).split('/');
  // POST /lists/:listId/cart puts a list on the shopping list: a change to the cart.
  if (segments[0] === 'lists' && segments.at(-1) === 'cart') return 'cart';
  return segments[0] && topics.has(segments[0]) ? (segments[0] as WorkspaceTopic) : null;
}

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The event a finished request stands for, or null (reads, failures, non-workspace routes). */
export async function eventOf(
  db: Kysely<DB>,
  request: FastifyRequest,
  statusCode: number,
  now: number,
): Promise<{ workspaceId: number; event: WorkspaceEvent } | null> {
  const action = actions[request.method];
  const topic = topicOfRoute(request.routeOptions.url ?? '');
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
  if (productId !== undefined) {
    event.productId = productId;
    const product = await heldProductRow(db, productId);
    if (product) event.productName = product.name;
  }
  return { workspaceId: membership.workspaceId, event };
}
