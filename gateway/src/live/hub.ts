/**
 * The event stream's hub (docs/decisions/051): the Server-Sent Events connections open on this
 * gateway replica, by user, and what is pushed to them. Events reach every replica by broadcast
 * (feeds.ts), so `push` here only serves the browsers connected to this process.
 *
 * An event may carry a position on a channel (`m` = messages). Each SSE `id:` is the connection's
 * cursor over all channels (`m:1042`, channels joined by `,`); a browser that reconnects sends it
 * back as Last-Event-ID and each channel's replay source answers what came after, so a dropped
 * stream loses nothing; positions already delivered on the connection are never written twice.
 */
import type { Response } from 'express';

export interface StreamPosition {
  /** A short channel name, letters only (`m` for messages). */
  channel: string;
  /** Increasing within the channel. */
  position: number;
}

export interface StreamEvent {
  /** The SSE event name the browser listens for: `message`, `notification`, … */
  type: string;
  data: unknown;
  /** Set when the channel can be replayed after a reconnect. */
  at?: StreamPosition;
}

export type Cursor = Map<string, number>;

const CHANNEL = /^[a-z]{1,8}$/;
const MAX_REMEMBERED = 2000;

/** A Last-Event-ID (`m:1042,n:7`) back into positions by channel; anything malformed is dropped. */
export function parseCursor(text: string | undefined): Cursor {
  const cursor: Cursor = new Map();
  if (!text || text.length > 500) return cursor;
  for (const part of text.split(',')) {
    const [channel, value] = part.split(':');
    const position = Number(value);
    if (channel && CHANNEL.test(channel) && Number.isSafeInteger(position) && position >= 0) cursor.set(channel, position);
  }
  return cursor;
}

export const formatCursor = (cursor: Cursor): string => [...cursor.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, p]) => `${c}:${p}`).join(',');

/** One line-safe SSE frame: data is JSON (never raw user text), so no newline can end the frame early. */
export function sseFrame(event: StreamEvent, id: string | undefined): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export class LiveConnection {
  readonly cursor: Cursor;
  private readonly delivered = new Map<string, Set<number>>();
  private buffer: StreamEvent[] | null = [];
  closed = false;
  /** The session version of the access token the stream was opened with (ADR 023); undefined: none. */
  sessionVersion: number | undefined;
  /** Ends the stream when its access token expires (the browser reopens it with a fresh one). */
  expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly userId: string,
    private readonly res: Response,
    cursor: Cursor,
    private readonly maxBufferedBytes: number,
    private readonly onOverflow: () => void,
  ) {
    this.cursor = new Map(cursor);
  }

  /** Writes an event unless its position was delivered already; buffered while the replay runs. */
  send(event: StreamEvent): void {
    if (this.closed) return;
    if (this.buffer) {
      this.buffer.push(event);
      return;
    }
    this.write(event);
  }

  /** Ends the replay: what arrived meanwhile is written now, minus what the replay wrote. */
  startLive(): void {
    const pending = this.buffer ?? [];
    this.buffer = null;
    for (const e of pending) this.write(e);
  }

  /** Replayed events, written ahead of the live ones. */
  replay(events: StreamEvent[]): void {
    for (const e of events) this.write(e);
  }

  /** Ends the response (shutdown). */
  end(): void {
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.res.end();
  }

  comment(text: string): void {
    if (!this.closed) this.res.write(`: ${text}\n\n`);
  }

  private write(event: StreamEvent): void {
    if (this.closed) return;
    if (event.at) {
      const seen = this.delivered.get(event.at.channel) ?? new Set<number>();
      if (seen.has(event.at.position)) return;
      seen.add(event.at.position);
      if (seen.size > MAX_REMEMBERED) {
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      this.delivered.set(event.at.channel, seen);
      this.cursor.set(event.at.channel, Math.max(this.cursor.get(event.at.channel) ?? 0, event.at.position));
    }
    this.res.write(sseFrame(event, this.cursor.size > 0 ? formatCursor(this.cursor) : undefined));
    // A browser that does not read: drop it; it reconnects and resumes from its last id.
    if (this.res.writableLength > this.maxBufferedBytes) this.onOverflow();
  }
}

export interface LiveHubOptions {
  /** Bytes queued for a slow browser before its stream is closed (it reconnects and resumes). */
  maxBufferedBytes?: number;
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly maxBufferedBytes: number;

  constructor(opts: LiveHubOptions = {}) {
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
  }

  /** Pushes an event to every stream of the user open on this replica. */
  push(userId: string, event: StreamEvent): void {
    const conns = this.byUser.get(userId);
    if (!conns) return;
    for (const c of conns) c.send(event);
  }

  /** Registers a stream (buffering until startLive) and removes it when the response ends. */
  open(userId: string, res: Response, cursor: Cursor): LiveConnection {
    const conn: LiveConnection = new LiveConnection(userId, res, cursor, this.maxBufferedBytes, () => {
      this.remove(conn);
      res.end();
    });
    const set = this.byUser.get(userId) ?? new Set<LiveConnection>();
    set.add(conn);
    this.byUser.set(userId, set);
    res.on('close', () => this.remove(conn));
    return conn;
  }

  remove(conn: LiveConnection): void {
    conn.closed = true;
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  /** Ends every stream of the user on this replica (the browser reconnects and resumes from its last id). */
  disconnect(userId: string): number {
    const open = [...(this.byUser.get(userId) ?? [])];
    for (const c of open) c.end();
    return open.length;
  }

  /**
   * Ends the user's streams that a revocation outdates (docs/decisions/023): all of them when the
   * account is banned or deleted, else those opened with an older session version (logout, a
   * password change). A browser whose session still holds reconnects; a revoked one gets 401.
   */
  revoke(userId: string, sessionVersion: number, status: string): number {
    const outdated = [...(this.byUser.get(userId) ?? [])].filter((c) => status !== 'active' || (c.sessionVersion ?? 0) < sessionVersion);
    for (const c of outdated) c.end();
    return outdated.length;
  }

  /** Open streams on this replica. */
  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  forEach(fn: (c: LiveConnection) => void): void {
    for (const s of this.byUser.values()) for (const c of s) fn(c);
  }
}
