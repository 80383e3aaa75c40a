// Path parameters shared by the workspace routes, validated so a bad id is a 400, not a 500.
import { ZListId, ZProductId } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentMembership } from '../../plugins/request-context.js';

/** The largest id an integer column holds (PostgreSQL int4): a larger one is a 400, never a 500. */
export const MAX_DB_ID = 2_147_483_647;

export const ZShortCode = z.string().max(64);
export const ZWorkspaceParams = z.object({ shortCode: ZShortCode });
export const ZProductParams = z.object({ shortCode: ZShortCode, productId: ZProductId });
export const ZListParams = z.object({ shortCode: ZShortCode, listId: ZListId });
export const ZListProductParams = z.object({ shortCode: ZShortCode, listId: ZListId, productId: ZProductId });

/** The workspace the route's workspaceAccess preHandler let the user into. */
export const workspaceIdOf = (request: FastifyRequest): number => currentMembership(request).workspaceId;

const ZTextItemId = z.coerce
  .number({ error: 'That item is not on the list.' })
  .int({ error: 'That item is not on the list.' })
  .positive({ error: 'That item is not on the list.' })
  .max(MAX_DB_ID, { error: 'That item is not on the list.' });
export const ZTextItemParams = z.object({ shortCode: ZShortCode, id: ZTextItemId });
export const ZListTextItemParams = z.object({ shortCode: ZShortCode, listId: ZListId, id: ZTextItemId });
