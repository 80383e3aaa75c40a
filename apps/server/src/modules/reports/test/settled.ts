// A household that has shopped at its stores a while (issue 44): its members joined, and its
// stores were chosen, `days` ago. Only such people's reports flag a price.
import type { AppContext } from '../../../app-context.js';
import { DAY } from '../../../lib/clock.js';

/** Dates the workspace's store choices, and these members' joining, `days` before the clock's now. */
export async function settle(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  workspaceId: number,
  userIds: number[],
  days = 8,
): Promise<void> {
  const since = clock.now() - days * DAY;
  await db
    .updateTable('workspace_stores')
    .set({ created_at: since })
    .where('workspace_id', '=', workspaceId)
    .execute();
  if (userIds.length === 0) return;
  await db
    .updateTable('workspace_members')
    .set({ created_at: since })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', 'in', userIds)
    .execute();
}
