// Back where you were (issue 14): which workspace the signed-in user was last in, so a reload
// reopens it (a Shared member gets the household's list). Only a pointer, filed under the user:
// the workspace's start-up data itself is kept with the other answers (kept-answers.ts), per user
// and workspace, so a reload with no connection still opens it (decision 0017).
import { sessionUser } from '../../lib/session-user.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

const KEY = 'kete:last-workspace';

interface LastWorkspace {
  user: string;
  shortCode: string;
}

/** The shortCode of the workspace the signed-in user was last in on this device, or null. */
export function lastWorkspaceCode(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    const last = raw ? (JSON.parse(raw) as Partial<LastWorkspace>) : null;
    const user = sessionUser();
    return user && last?.user === user && typeof last.shortCode === 'string' ? last.shortCode : null;
  } catch {
    return null;
  }
}

/** Notes the workspace whenever it changes (start-up, a switch). */
export function rememberWorkspace(): void {
  let saved: string | null = null;
  useWorkspaceStore.subscribe(({ data }) => {
    const shortCode = data?.workspace.shortCode;
    const user = sessionUser();
    if (!shortCode || !user || `${user} ${shortCode}` === saved) return;
    saved = `${user} ${shortCode}`;
    try {
      localStorage.setItem(KEY, JSON.stringify({ user, shortCode } satisfies LastWorkspace));
    } catch {
      // Storage full or private mode: a reload then starts in the shopper's own workspace.
    }
  });
}
