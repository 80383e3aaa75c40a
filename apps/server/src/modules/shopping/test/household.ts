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

/**
 * The owner shares their workspace with the friend, who accepts the invitation (decision 0017):
 * the friend is then a Shared member.
 */
export async function shareWith(owner: Shopper, friend: Pick<Shopper, 'email' | 'request'>): Promise<void> {
  const granted = await owner.api('POST', '/access', { email: friend.email });
  if (granted.statusCode !== 200) throw new Error(`grant answered ${granted.statusCode}: ${granted.body}`);
  const accepted = await friend.request({ method: 'POST', url: `/api/${owner.shortCode}/access/me` });
  if (accepted.statusCode !== 200)
    throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
}
