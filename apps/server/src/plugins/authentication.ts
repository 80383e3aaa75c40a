// Every /api route needs a valid access token unless its route config says public.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { tableCache } from '../db/table-cache.js';
import { unauthorized } from '../lib/http-error.js';
import type { AccessTokens } from '../modules/identity/tokens.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { workspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import { plausibleShortCode } from './workspace-access.js';

/** What a user and their membership are read from (a deleted store leaves its workspaces too). */
const ACCESS_TABLES = ['users', 'workspaces', 'workspace_members', 'workspace_stores', 'stores'];

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

export function registerAuthentication(app: FastifyInstance, ctx: AppContext, tokens: AccessTokens) {
  const users = usersRepository(ctx.db);
  const workspaces = workspacesRepository(ctx.db);
  // The user and membership behind a token, kept per process until they change (table-cache.ts).
  const access = tableCache<Awaited<ReturnType<typeof workspaces.findUserAndMembership>>>(
    ctx.db,
    'access',
    ACCESS_TABLES,
  );
  app.decorateRequest('user', null);
  app.decorateRequest('membership', null);
  app.decorateRequest('membershipRead', null);
  app.decorateRequest('accessClaims', null);

  // preValidation: an unauthenticated request gets 401 before its body is even looked at.
  app.addHook('preValidation', async (request) => {
    // Unknown routes fall through to the not-found handler, which answers 404 for everyone.
    // The matched route decides, not the raw URL: "/%61pi/..." is routed to an /api route too.
    const route = request.routeOptions.url;
    if (!route || request.routeOptions.config.public) return;
    if (!route.startsWith('/api/')) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Please sign in to continue.');
    const claims = await tokens.claims(match[1]);
    if (claims === null) throw unauthorized('Your session has expired. Please sign in again.');
    const { userId } = claims;
    request.accessClaims = claims;
    // A workspace request reads the user and their membership at once (workspace-access.ts).
    const shortCode = plausibleShortCode(request);
    const found = shortCode
      ? await access.read(`${userId} ${shortCode}`, () => workspaces.findUserAndMembership(userId, shortCode))
      : await access.read(String(userId), () =>
          users.findById(userId).then((user) => user && { user, membership: undefined }),
        );
    if (!found) throw unauthorized('Your session has expired. Please sign in again.');
    request.user = found.user;
    if (shortCode) request.membershipRead = { shortCode, membership: found.membership ?? null };
  });
}
