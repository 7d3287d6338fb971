/**
 * The tab's one event stream (GET /api/events/stream, Server-Sent Events): opened while someone is
 * signed in, shared by every part of the page through `useStreamEvent(type, handler)`. The browser
 * reconnects by itself and sends Last-Event-ID, so the server replays what was missed; when the
 * stream is refused (an expired access token), the session is refreshed and the stream reopened
 * from the last id it saw. Event types: `message` (messaging) and `notification` (the bell).
 */
import { useEffect, useRef } from 'react';

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let lastId = '';
let owner: string | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

function dispatch(type: string, e: MessageEvent<string>): void {
  if (e.lastEventId) lastId = e.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(e.data);
  } catch {
    return;
  }
  for (const h of handlers.get(type) ?? []) h(data);
}

const listening = new Set<string>();

function listen(es: EventSource, type: string): void {
  es.addEventListener(type, (e) => dispatch(type, e as MessageEvent<string>));
}

function open(): void {
  const url = lastId ? `/api/events/stream?lastEventId=${encodeURIComponent(lastId)}` : '/api/events/stream';
  const es = new EventSource(url, { withCredentials: true });
  source = es;
  listening.clear();
  listen(es, 'ready');
  listening.add('ready');
  for (const type of handlers.keys()) {
    listen(es, type);
    listening.add(type);
  }
  es.addEventListener('open', () => {
    failures = 0;
  });
  es.addEventListener('error', () => {
    // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up (a 401, say).
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    es.close();
    source = null;
    failures += 1;
    const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
    reopenTimer = setTimeout(() => {
      void fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined)
        .finally(() => {
          if (owner !== null && source === null) open();
        });
    }, wait);
  });
}

/** Opens the stream for a signed-in user (or switches users); null closes it. */
export function connectEventStream(userId: string | null): void {
  if (userId === owner) return;
  source?.close();
  source = null;
  clearTimeout(reopenTimer);
  if (owner !== userId) lastId = '';
  owner = userId;
  if (userId !== null && typeof EventSource !== 'undefined') open();
}

/** Calls `handler` with the data of each event of `type` while the component is mounted. */
export function useStreamEvent(type: string, handler: Handler): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: Handler = (d) => ref.current(d);
    const set = handlers.get(type) ?? new Set<Handler>();
    set.add(h);
    handlers.set(type, set);
    if (source && !listening.has(type)) {
      listen(source, type);
      listening.add(type);
    }
    return () => {
      set.delete(h);
    };
  }, [type]);
}

/** Keeps the tab's stream open for the signed-in user (mounted once, by the top bar). */
export function useEventStreamConnection(userId: string | null): void {
  useEffect(() => {
    connectEventStream(userId);
  }, [userId]);
  useEffect(
    () => () => {
      connectEventStream(null);
    },
    [],
  );
}
