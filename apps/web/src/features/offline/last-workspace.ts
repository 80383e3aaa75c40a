// Back where you were (issue 14): the start-up data of the workspace the shopper is in, kept on
// this device, so a reload reopens that workspace (a Shared member gets the household's list) and
// a reload with no connection still has something to show.
import type { InitialData } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

const KEY = 'kete:last-workspace';

export function lastWorkspace(): InitialData | null {
  try {
    const raw = localStorage.getItem(KEY);
    const data = raw ? (JSON.parse(raw) as InitialData) : null;
    return typeof data?.workspace?.shortCode === 'string' ? data : null;
  } catch {
    return null;
  }
}

export function forgetLastWorkspace(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** Saves the loaded data whenever it changes (a switch, a rename, a store added). */
export function rememberWorkspace(): void {
  let saved: InitialData | null = null;
  useWorkspaceStore.subscribe(({ data }) => {
    if (!data || data === saved) return;
    saved = data;
    try {
      localStorage.setItem(KEY, JSON.stringify(data));
    } catch {
      // Storage full or private mode: a reload then starts in the shopper's own workspace.
    }
  });
}
