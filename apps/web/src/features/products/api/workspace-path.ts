// Every shopping call is scoped to the open workspace: /api/{shortCode}/...
import { useWorkspaceStore } from '../../../lib/workspace-store.js';

export function workspacePath(path: string): string {
  const shortCode = useWorkspaceStore.getState().data?.workspace.shortCode ?? '';
  return `/api/${encodeURIComponent(shortCode)}${path}`;
}
