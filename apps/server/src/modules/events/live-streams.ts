// The open live streams of this process (issue 32: a stream ends when the right to it ends). One
// heartbeat for all of them, every heartbeatMs: a ping on each stream, their leases renewed (the
// caps, stream-leases.ts), and the rights checked, each once however many streams share it:
//  - the access token's expiry: the stream ends then (a timer; the heartbeat catches a moved clock);
//  - the session (refresh-token family) behind the token: one query for every session of the
//    process; a signed-out or revoked session's streams end;
//  - membership: once per (user, workspace) per heartbeat, and at once after an access change.
// The app reconnects with a fresh token as it always has (features/live).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { refreshTokensRepository } from '../identity/refresh-tokens.repository.js';
import { workspacesRepository } from '../workspaces/workspaces.repository.js';
import type { StreamLeases } from './stream-leases.js';

export interface LiveStream {
  id: string;
  userId: number;
  shortCode: string;
  workspaceId: number;
  /** The access token's expiry (epoch ms by ctx.clock). */
  expiresAt: number;
  /** The token's session; null for tokens from before sessions were named in them. */
  sessionId: string | null;
  ping(): void;
  /** Ends the stream (idempotent); it takes itself out of the registry. */
  stop(): void;
}

/**
 * A rotation revokes the old refresh token a moment before it writes the new one: a session seen
 * without a usable token is asked about again after this long before its streams end.
 */
const ASK_AGAIN_MS = 1_000;

export class LiveStreams {
  private readonly streams = new Set<LiveStream>();
  private readonly expiryTimers = new Map<LiveStream, NodeJS.Timeout>();
  /** Membership checks under way, by "user workspace": one at a time per pair. */
  private readonly checking = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly workspaces;
  private readonly refreshTokens;

  constructor(
    private readonly ctx: AppContext,
    private readonly leases: StreamLeases,
    private readonly heartbeatMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.workspaces = workspacesRepository(ctx.db);
    this.refreshTokens = refreshTokensRepository(ctx.db);
  }

  get size(): number {
    return this.streams.size;
  }

  add(stream: LiveStream): void {
    this.streams.add(stream);
    const left = stream.expiresAt - this.ctx.clock.now();
    if (left <= 0) {
      stream.stop();
      return;
    }
    const timer = setTimeout(() => stream.stop(), left);
    timer.unref();
    this.expiryTimers.set(stream, timer);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** Called by the stream as it ends. */
  remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    clearTimeout(this.expiryTimers.get(stream));
    this.expiryTimers.delete(stream);
    this.leases
      .close(stream.id)
      .catch((error: unknown) => this.log.warn({ err: error }, 'live stream lease'));
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** Ends every stream (the server is closing). */
  stopAll(): void {
    for (const stream of [...this.streams]) stream.stop();
  }

  /** After an access change in the workspace: its members' right to their streams, once per member. */
  accessChanged(workspaceId: number): void {
    const users = new Set(
      [...this.streams].filter((s) => s.workspaceId === workspaceId).map((s) => s.userId),
    );
    for (const userId of users) void this.checkMembership(userId, workspaceId);
  }

  /** One heartbeat: pings, leases, and every right checked once. */
  async beat(): Promise<void> {
    const now = this.ctx.clock.now();
    const open = [...this.streams];
    for (const stream of open) {
      if (stream.expiresAt <= now) stream.stop();
      else stream.ping();
    }
    const live = [...this.streams];
    if (live.length === 0) return;
    try {
      await this.leases.renew(
        live.map((s) => s.id),
        now,
      );
      const pairs = new Map(live.map((s) => [`${s.userId} ${s.workspaceId}`, s]));
      await Promise.all([
        this.checkSessions(live),
        ...[...pairs.values()].map((s) => this.checkMembership(s.userId, s.workspaceId)),
      ]);
    } catch (error) {
      this.log.warn({ err: error }, 'live stream heartbeat');
    }
  }

  private async checkSessions(streams: LiveStream[]): Promise<void> {
    const sessions = [...new Set(streams.flatMap((s) => (s.sessionId ? [s.sessionId] : [])))];
    if (sessions.length === 0) return;
    let live = await this.refreshTokens.liveFamilies(sessions, this.ctx.clock.now());
    let ended = sessions.filter((id) => !live.has(id));
    if (ended.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
    live = await this.refreshTokens.liveFamilies(ended, this.ctx.clock.now());
    ended = ended.filter((id) => !live.has(id));
    const gone = new Set(ended);
    for (const stream of [...this.streams]) if (stream.sessionId && gone.has(stream.sessionId)) stream.stop();
  }

  private checkMembership(userId: number, workspaceId: number): Promise<void> {
    const key = `${userId} ${workspaceId}`;
    const running = this.checking.get(key);
    if (running) return running;
    const theirs = () =>
      [...this.streams].filter((s) => s.userId === userId && s.workspaceId === workspaceId);
    const check = (async () => {
      const shortCode = theirs()[0]?.shortCode;
      if (shortCode === undefined) return;
      const membership = await this.workspaces.findMembership(userId, shortCode);
      if (membership?.workspaceId !== workspaceId) for (const stream of theirs()) stream.stop();
    })()
      .catch((error: unknown) => this.log.warn({ err: error }, 'live stream membership check'))
      .finally(() => this.checking.delete(key));
    this.checking.set(key, check);
    return check;
  }
}
