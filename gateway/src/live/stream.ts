/**
 * GET /api/events/stream: one Server-Sent Events stream per signed-in tab (docs/decisions/051).
 * Resumes after Last-Event-ID (or ?lastEventId= for a stream the page reopens itself) from each
 * channel's replay source; with none, the stream starts at each channel's head.
 */
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { AppError, SessionsRevoked, type CallContext, type EventBroadcast, type Logger, type Subscription } from '@caskade/kit';
import { sendError } from '../http/errors';
import { callContextOf } from '../http/security';
import { formatCursor, LiveHub, parseCursor, type Cursor } from './hub';
import type { LiveFeed, ReplaySource } from './feeds';

export interface LiveStreamOptions {
  hub: LiveHub;
  /** Where every replica hears the feeds' events; a promise when it connects in the background (NATS). */
  broadcast: EventBroadcast | Promise<EventBroadcast> | null;
  feeds: LiveFeed[];
  replay: ReplaySource[];
  logger: Logger;
  /** Comment lines that keep idle connections (and proxies) open. */
  heartbeatMs?: number;
  /** How long a browser waits before reconnecting (the SSE retry field). */
  retryMs?: number;
  /**
   * Asks the account's owner whether the caller may still act (logged out, banned, deleted: an
   * AppError, 401 or 403). A valid signature alone does not open a stream (ADR 023).
   */
  authorize?: (call: CallContext) => Promise<void>;
}

export interface LiveStream {
  router: Router;
  hub: LiveHub;
  /** Ends every open stream (shutdown) and stops receiving events. */
  close(): Promise<void>;
}

function lastEventId(req: Request): string | undefined {
  const header = req.get('Last-Event-ID');
  if (header) return header;
  const q = req.query.lastEventId;
  return typeof q === 'string' ? q : undefined;
}

/** Subscribes the hub to the feeds' events (every replica gets every one) and serves the stream route. */
export async function startLiveStream(opts: LiveStreamOptions): Promise<LiveStream> {
  const { hub, logger } = opts;
  const byType = new Map(opts.feeds.map((f) => [f.event.subject, f]));
  let subscription: Subscription | null = null;
  let broadcast: EventBroadcast | null = null;
  let closed = false;
  const listen = async (b: EventBroadcast) => {
    broadcast = b;
    if (closed) return b.close();
    subscription = await b.subscribe([...byType.keys(), SessionsRevoked.subject], (envelope) => {
      if (envelope.type === SessionsRevoked.subject) {
        // A logout, ban or deletion closes the account's open streams on every replica at once.
        try {
          const rev = SessionsRevoked.decode(envelope.data);
          if (rev.userId) hub.revoke(rev.userId, rev.sessionVersion, rev.status);
        } catch {
          logger.warn({ type: envelope.type, eventId: envelope.id }, 'stream: undecodable event ignored');
        }
        return;
      }
      const feed = byType.get(envelope.type);
      if (!feed) return;
      let data: unknown;
      try {
        data = feed.event.decode(envelope.data);
      } catch {
        logger.warn({ type: envelope.type, eventId: envelope.id }, 'stream: undecodable event ignored');
        return;
      }
      for (const { userId, event } of feed.toStream(data, envelope)) hub.push(userId, event);
    });
  };
  if (opts.broadcast instanceof Promise) {
    // The gateway serves without its broker (ADR 030): streams open, and events flow once it connects.
    opts.broadcast.then(listen).catch((err: unknown) => logger.error({ err }, 'stream: no event broadcast; live events are off'));
  } else if (opts.broadcast) {
    await listen(opts.broadcast);
  }
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const heartbeat = setInterval(() => hub.forEach((c) => c.comment('ping')), heartbeatMs);
  heartbeat.unref();

  const router = Router();
  router.get('/api/events/stream', async (req, res) => {
    const call = callContextOf(res);
    if (!call.caller) return sendError(res, new AppError('auth-unauthenticated'));
    const userId = call.caller.userId;
    if (opts.authorize) {
      try {
        await opts.authorize(call);
      } catch (err) {
        // Fails closed: without the owner's answer the browser retries later.
        if (!(err instanceof AppError)) logger.warn({ err, userId }, 'stream: the account could not be checked');
        return sendError(res, err instanceof AppError ? err : new AppError('service-unavailable'));
      }
    }
    const given = parseCursor(lastEventId(req));
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setTimeout(0);
    res.write(`retry: ${opts.retryMs ?? 2000}\n\n`);
    // Registered first, buffering: nothing published while the replay runs is missed.
    const conn = hub.open(userId, res, given);
    conn.sessionVersion = call.caller.sessionVersion;
    // The stream lives no longer than its access token: at expiry it ends, and the browser's
    // reconnect is verified again (a refreshed token, or 401 and the page refreshes the session).
    const expiresAt = res.locals.accessTokenExpiresAt;
    if (typeof expiresAt === 'number') {
      conn.expiryTimer = setTimeout(() => conn.end(), Math.max(0, expiresAt - Date.now()));
      conn.expiryTimer.unref();
    }
    const streamCall = { ...call, requestId: randomUUID() };
    try {
      const start: Cursor = new Map(given);
      for (const source of opts.replay) {
        if (conn.closed) return;
        const from = given.get(source.channel);
        if (from === undefined) {
          // Without its head the stream still serves; it resumes on this channel once an event gave it a position.
          const head = await source.head(streamCall).catch((err: unknown) => {
            logger.warn({ err, userId, channel: source.channel }, 'stream: no head position; starting without one');
            return undefined;
          });
          if (head !== undefined) start.set(source.channel, head);
        } else {
          conn.replay(await source.after(streamCall, from));
        }
      }
      for (const [channel, position] of start) if (!conn.cursor.has(channel) || (conn.cursor.get(channel) ?? 0) < position) conn.cursor.set(channel, position);
      res.write(`id: ${formatCursor(conn.cursor)}\nevent: ready\ndata: {}\n\n`);
      conn.startLive();
    } catch (err) {
      logger.warn({ err, userId }, 'stream: replay failed; closing so the browser retries');
      hub.remove(conn);
      res.end();
    }
  });

  return {
    router,
    hub,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await subscription?.stop();
      await broadcast?.close();
      const open: Array<{ end(): void }> = [];
      hub.forEach((c) => open.push(c));
      for (const c of open) c.end();
    },
  };
}
