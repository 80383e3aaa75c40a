// A signed-in user and their own workspace, as the shopping tests need them.
// (Typed structurally rather than importing src/test, which the production build leaves out.)
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../../app-context.js';

interface SignedIn {
  email: string;
  headers: { authorization: string };
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

interface TestApp {
  ctx: AppContext;
  signIn(email: string): Promise<SignedIn>;
}

export interface Shopper extends SignedIn {
  userId: number;
  /** Their own workspace. */
  workspaceId: number;
  shortCode: string;
  /** A request to /api/{shortCode}{path} in their own workspace (or the one given). */
  api(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    shortCode?: string,
  ): Promise<LightMyRequestResponse>;
}

export async function signInShopper(t: TestApp, email: string): Promise<Shopper> {
  const signedIn = await t.signIn(email);
  const row = await t.ctx.db
    .selectFrom('users as u')
    .innerJoin('workspaces as w', 'w.owner_user_id', 'u.id')
    .select(['u.id as userId', 'w.id as workspaceId', 'w.short_code as shortCode'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    ...signedIn,
    ...row,
    api: (method, path, payload, shortCode = row.shortCode) =>
      signedIn.request({
        method,
        url: `/api/${shortCode}${path}`,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
  };
}
