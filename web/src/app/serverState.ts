/**
 * What the server sends beside a page it rendered (ADR 062): the API answers the page was rendered
 * from (react-query's dehydrated cache) and the router's loader results, in a JSON script element
 * that the browser never runs (the CSP needs no exception). The app reads it once at start.
 */
import type { DehydratedState } from '@tanstack/react-query';

export const SERVER_STATE_ID = 'caskade-server-state';

export interface ServerState {
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The state of the page the server rendered, or null (a page the browser renders alone). */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !isRecord(parsed['queries']) || !Array.isArray(parsed['queries']['queries']) || !isRecord(parsed['loaderData'])) return null;
    return parsed as unknown as ServerState;
  } catch {
    return null;
  }
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
