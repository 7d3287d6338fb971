/**
 * The one fetch wrapper: same-origin cookies, JSON in and out, failures thrown as ApiError carrying
 * the server's `errors[0]`. A 401 `auth-unauthenticated` triggers one shared refresh and one retry.
 */
import type { ErrorMeta } from '@caskade/kit/rules';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly meta: ErrorMeta | undefined;

  constructor(status: number, code: string, title: string, meta?: ErrorMeta) {
    super(title);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.meta = meta;
  }

  /** `meta.fields` of a validation failure: field name → message key. */
  get fields(): Record<string, string> {
    const fields = this.meta?.['fields'];
    if (fields === null || typeof fields !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [name, key] of Object.entries(fields)) if (typeof key === 'string') out[name] = key;
    return out;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Network failure or a body that is not the API's error shape. */
export const NETWORK_ERROR_CODE = 'network-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where `/api/…` is: '' in the browser (same origin); the gateway's own address when it renders a page (ADR 062). */
let apiOrigin = '';
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}
const NO_REFRESH = new Set(['/api/auth/refresh', '/api/auth/login', '/api/auth/logout', '/api/auth/sign-up']);

let refreshing: Promise<boolean> | null = null;

/** Single flight: every request that meets a 401 at the same time waits on the same refresh. */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } })
    // The body is read to its end, so the request completes (an unread one stays open in the browser).
    .then(async (res) => {
      await res.arrayBuffer();
      return res.ok;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body: unknown = await res.json();
    const first = (body as { errors?: unknown[] } | null)?.errors?.[0];
    if (first && typeof first === 'object') {
      const e = first as { status?: unknown; code?: unknown; title?: unknown; meta?: unknown };
      return new ApiError(
        typeof e.status === 'number' ? e.status : res.status,
        typeof e.code === 'string' ? e.code : 'internal',
        typeof e.title === 'string' ? e.title : res.statusText,
        e.meta && typeof e.meta === 'object' ? (e.meta as ErrorMeta) : undefined,
      );
    }
  } catch {
    // Not JSON: fall through to a status-only error.
  }
  return new ApiError(res.status, res.status === 404 ? 'not-found' : res.status >= 500 ? 'internal' : NETWORK_ERROR_CODE, res.statusText);
}

async function send(method: Method, path: string, body: unknown, extraHeaders: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  // A FormData body (file uploads) sets its own multipart content type with the boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${apiOrigin}${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Network error');
  }
}

/**
 * Calls the API and returns `data` of the success body (undefined for 204). A FormData body is sent
 * as multipart. `headers` adds request headers (checkout's Idempotency-Key).
 */
export async function api<T = void>(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res = await send(method, path, body, headers);
  if (res.status === 401 && !NO_REFRESH.has(path)) {
    const error = await toApiError(res);
    if (error.code !== 'auth-unauthenticated' || !(await refreshSession())) throw error;
    res = await send(method, path, body, headers);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  return (JSON.parse(text) as { data: T }).data;
}
