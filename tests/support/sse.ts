/**
 * A minimal Server-Sent Events reader for tests and the bench: GET /api/events/stream with a
 * session's cookies (and optionally Last-Event-ID), frames parsed as they arrive.
 */
export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  readonly frames: SseFrame[];
  /** The id of the last frame that had one (what a browser sends back as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  /** Resolves with the first frame (from now or already received, after `from`) that matches. */
  next(match: (f: SseFrame) => boolean, timeoutMs?: number, from?: number): Promise<SseFrame>;
  close(): void;
}

export async function openStream(baseUrl: string, cookie: string, lastEventId?: string, onFrame?: (f: SseFrame) => void): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${baseUrl}/api/events/stream`, { headers, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}: ${await res.text()}`);
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let last = lastEventId;
  let ended = false;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          let any = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = val;
            else if (field === 'event') event = val;
            else if (field === 'data') data.push(val);
            else continue;
            any = true;
          }
          if (!any || (data.length === 0 && id === undefined)) continue;
          if (id !== undefined) last = id;
          const frame = { id, event, data: data.join('\n') };
          frames.push(frame);
          onFrame?.(frame);
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      for (const w of [...waiters]) w();
    }
  })();
  return {
    frames,
    get lastEventId() {
      return last;
    },
    next(match, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error('event stream ended'));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (${frames.length} frames)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}

/** The cookie header of a session (its access token). */
export const cookieOf = (session: { cookie(name: string): string | undefined }): string => `caskade_at=${session.cookie('caskade_at') ?? ''}`;
