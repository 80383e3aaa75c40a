// What the screens last showed, kept on this device for offline starts and screens (decision
// 0017): start-up's answer and every read of a workspace (kept-paths.ts), filed per user (the
// access token's subject) and workspace in their own IndexedDB database, KeteKept. Kept by the
// app rather than the service worker's cache, so an answer fetched before the worker controlled
// the page is kept too, a POST (start-up) is kept like a GET, and one workspace's answers can be
// forgotten on its own (a 403: the member was removed or left). Sign-out deletes the database.
//
// Writes wait for the first screen (Dexie is not part of the first load), then go in batches.
import type { Dexie, EntityTable } from 'dexie';
import { afterFirstScreen } from '../../lib/first-screen.js';
import { sessionUser } from '../../lib/session-user.js';
import { keptReadOf, switchPathOf } from './kept-paths.js';

export const KEPT_DATABASE_NAME = 'KeteKept';
/** Answers kept per user; the oldest go first (a week of browsing is well under it). */
export const KEPT_PER_USER = 400;
const WRITE_DELAY_MS = 250;

export interface KeptAnswer {
  /** `${user} ${path}` */
  key: string;
  user: string;
  workspace: string;
  savedAt: number;
  body: unknown;
}

type KeptDatabase = Dexie & { Answer: EntityTable<KeptAnswer, 'key'> };

let opening: Promise<KeptDatabase | null> | null = null;
/** Answers not written yet, by key: what is shown now is recalled from here first. */
const waiting = new Map<string, KeptAnswer>();
/** Keys of what the database holds for the signed-in user (for a quick "is anything kept?"). */
const stored = new Set<string>();
let writing: ReturnType<typeof setTimeout> | null = null;
let firstScreenPassed = false;

const keyOf = (user: string, path: string) => `${user} ${path}`;

function open(): Promise<KeptDatabase | null> {
  // Signed out: nothing to keep or recall, and the database sign-out deleted stays deleted.
  if (!sessionUser()) return Promise.resolve(null);
  opening ??= (async () => {
    try {
      const { Dexie } = await import('dexie');
      const db = new Dexie(KEPT_DATABASE_NAME) as KeptDatabase;
      db.version(1).stores({ Answer: 'key, user, [user+workspace], savedAt' });
      const user = sessionUser();
      if (user) for (const key of await db.Answer.where('user').equals(user).primaryKeys()) stored.add(key);
      return db;
    } catch (error) {
      // No IndexedDB (private mode), or its code could not load yet: try again next time.
      console.error('Local database error', error);
      opening = null;
      return null;
    }
  })();
  return opening;
}

async function write(): Promise<void> {
  writing = null;
  if (waiting.size === 0) return;
  const db = await open();
  if (!db) return;
  const batch = [...waiting.values()];
  try {
    await db.Answer.bulkPut(batch);
    for (const answer of batch) {
      stored.add(answer.key);
      if (waiting.get(answer.key) === answer) waiting.delete(answer.key);
    }
    const user = batch[0]?.user;
    if (user) await prune(db, user);
  } catch (error) {
    console.error('Local database error', error);
  }
}

async function prune(db: KeptDatabase, user: string): Promise<void> {
  const count = await db.Answer.where('user').equals(user).count();
  if (count <= KEPT_PER_USER) return;
  const oldest = await db.Answer.orderBy('savedAt')
    .filter((answer) => answer.user === user)
    .limit(count - KEPT_PER_USER)
    .primaryKeys();
  await db.Answer.bulkDelete(oldest);
  for (const key of oldest) stored.delete(key);
}

function scheduleWrite(): void {
  if (!firstScreenPassed) return;
  writing ??= setTimeout(() => void write(), WRITE_DELAY_MS);
}

/** Starts writing once the first screen has shown (offline-root.tsx). */
export function startKeeping(): void {
  afterFirstScreen(() => {
    firstScreenPassed = true;
    return write();
  });
}

/** Leaving a workspace or declining it (DELETE /api/{shortCode}/access/me). */
const GIVING_UP = /^\/api\/([^/]+)\/access\/me$/;

/** A successful answer: kept if it is one a screen may need offline. */
export function rememberAnswer(path: string, method: string, body: unknown): void {
  const gaveUp = method === 'DELETE' ? GIVING_UP.exec(path)?.[1] : undefined;
  if (gaveUp) {
    void forgetWorkspace(decodeURIComponent(gaveUp));
    return;
  }
  const read = keptReadOf(method, path);
  const user = sessionUser();
  if (!read || !user || body === undefined) return;
  if (typeof body === 'object' && body !== null && 'workspace_unknown' in body) {
    // No longer a member there: nothing of it may open offline either.
    if (read.workspace) void forgetWorkspace(read.workspace);
    return;
  }
  const workspace = read.workspace ?? (body as { workspace?: { shortCode?: string } }).workspace?.shortCode;
  if (typeof workspace !== 'string') return;
  const savedAt = Date.now();
  const paths = read.workspace === null ? [path, switchPathOf(workspace)] : [path];
  for (const at of paths) {
    const key = keyOf(user, at);
    waiting.set(key, { key, user, workspace, savedAt, body });
  }
  scheduleWrite();
}

/** What was kept of this read for the signed-in user, or undefined. */
export async function recallAnswer(path: string, method: string): Promise<unknown> {
  const user = sessionUser();
  if (!user || !keptReadOf(method, path)) return undefined;
  const key = keyOf(user, path);
  const pending = waiting.get(key);
  if (pending) return pending.body;
  const db = await open();
  if (!db) return undefined;
  try {
    return (await db.Answer.get(key))?.body;
  } catch (error) {
    console.error('Local database error', error);
    return undefined;
  }
}

/** Whether an answer is kept for this read (known without a database read). */
export function hasKeptAnswer(path: string): boolean {
  const user = sessionUser();
  if (!user) return false;
  const key = keyOf(user, path);
  return waiting.has(key) || stored.has(key);
}

/** Forgets everything kept of one workspace for the signed-in user (a 403: they are not in it). */
export async function forgetWorkspace(shortCode: string): Promise<void> {
  const user = sessionUser();
  if (!user) return;
  for (const [key, answer] of waiting) if (answer.workspace === shortCode) waiting.delete(key);
  const db = await open();
  if (!db) return;
  try {
    const gone = await db.Answer.where('[user+workspace]').equals([user, shortCode]).primaryKeys();
    await db.Answer.bulkDelete(gone);
    for (const key of gone) stored.delete(key);
  } catch (error) {
    console.error('Local database error', error);
  }
}

/**
 * Sign-out: forgets what is in memory and closes the database, so that deleting it (device-wipe.ts)
 * is not held up by this page's own connection.
 */
export function forgetKeptAnswers(): void {
  waiting.clear();
  stored.clear();
  if (writing) clearTimeout(writing);
  writing = null;
  const closing = opening;
  opening = null;
  void closing?.then((db) => db?.close());
}
