// Issue 12 routes: the home screen's 'Price drops' strip, the member's alert setting, and the
// unsubscribe link of the digest e-mail (no sign-in: the signed token says whose it is).
import { type Member, ZMember, ZMeUpdate, ZPriceDrops } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentMembership, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { findProducts } from '../products/product-shape.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { DROP_WINDOW_MS, workspaceDrops } from './alerts.service.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

export const unsubscribedText = 'You will no longer get price-drop e-mails from Kete.';
export const badUnsubscribeText =
  'This unsubscribe link is not valid. Turn price alerts off in the app instead.';

const page = (text: string, more = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Kete</title></head><body style="font-family:system-ui;margin:2rem"><p>${text}</p>${more}</body></html>`;

export async function alertsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/:shortCode/price-drops',
    {
      schema: { params: z.object({ shortCode: z.string().max(64) }), response: { 200: ZPriceDrops } },
      preHandler: workspaceAccess(ctx, 'member'),
    },
    async (request) => {
      const { workspaceId } = currentMembership(request);
      const now = ctx.clock.now();
      const drops = await workspaceDrops(ctx, workspaceId, now - DROP_WINDOW_MS, now);
      const storeIds = await workspaceStoreIds(ctx.db, workspaceId);
      const products = new Map(
        (await findProducts(ctx.db, [...new Set(drops.map((d) => d.productId))], storeIds, now)).map((p) => [
          p.id,
          p,
        ]),
      );
      return {
        drops: drops.flatMap((d) => {
          const product = products.get(d.productId);
          if (!product) return [];
          const { storeId, oldPrice, newPrice, droppedAt, dealRating } = d;
          return [{ product, storeId, oldPrice, newPrice, droppedAt, dealRating }];
        }),
      };
    },
  );

  r.put(
    '/api/me',
    { config: { changes: true }, schema: { body: ZMeUpdate, response: { 200: ZMember } } },
    async (request): Promise<Member> => {
      const user = currentUser(request);
      const { priceAlerts } = request.body;
      await ctx.db
        .updateTable('users')
        .set({ price_alerts: priceAlerts ? 1 : 0 })
        .where('id', '=', user.id)
        .execute();
      return { displayName: user.displayName, email: user.email, features: user.features, priceAlerts };
    },
  );

  await app.register(unsubscribeRoutes, { ctx });
}

export const confirmUnsubscribeText = 'Stop getting price-drop e-mails from Kete?';
export const unsubscribeButtonText = 'Stop these e-mails';

/**
 * The digest's unsubscribe address. A GET (the link in the text, or a mail scanner following it)
 * only shows a button; the button's POST, or a mail program's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`), turns alerts off. No sign-in: the signed token says whose it is.
 */
async function unsubscribeRoutes(scope: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Mail programs and the page's form post a form body; the token is in the address, so the body
  // is only accepted (in this scope alone), never read.
  scope.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const query = z.object({ token: z.string().max(200).default('') });

  r.get(
    '/api/alerts/unsubscribe',
    { config: { public: true }, schema: { querystring: query } },
    (request, reply) => {
      reply.type('text/html; charset=utf-8');
      if (verifyUnsubscribeToken(ctx.secret, request.query.token) === null) {
        return reply.code(400).send(page(badUnsubscribeText));
      }
      const action = `/api/alerts/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          confirmUnsubscribeText,
          `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.6rem 1rem">${unsubscribeButtonText}</button></form>`,
        ),
      );
    },
  );

  r.post(
    '/api/alerts/unsubscribe',
    { config: { public: true, changes: true }, schema: { querystring: query } },
    async (request, reply) => {
      const userId = verifyUnsubscribeToken(ctx.secret, request.query.token);
      reply.type('text/html; charset=utf-8');
      if (userId === null) return reply.code(400).send(page(badUnsubscribeText));
      await ctx.db.updateTable('users').set({ price_alerts: 0 }).where('id', '=', userId).execute();
      return reply.send(page(unsubscribedText));
    },
  );
}
