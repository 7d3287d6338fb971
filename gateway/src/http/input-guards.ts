import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@caskade/kit';
import { sendError } from './errors';

/**
 * Where in a parsed query or JSON body a NUL character hides (in a value or a key), as a dotted
 * path; null when none. Walks with its own stack, so no nesting depth can overflow the call stack.
 */
export function findNul(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/** No API body or query nests deeper than this; the deepest real one (a listing's attributes) is 4. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Where a parsed query or JSON body first nests deeper than `max` objects or arrays, as a dotted
 * path; null when it does not. JSON.parse takes any depth, but whatever later walks the value
 * recursively (JSON.stringify, a schema) overflows the call stack at a few thousand levels.
 */
export function findTooDeep(root: unknown, max = MAX_INPUT_DEPTH): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path, depth } = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return path || '_';
    for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
  }
  return null;
}

/**
 * No text the marketplace stores or searches may hold a NUL character (PostgreSQL text cannot),
 * and no input nests deeper than MAX_INPUT_DEPTH: refuse either at the edge with the field named,
 * before any service (or a recursive walk of the value) sees it.
 */
export function refuseNulCharacters() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const at = findNul(req.query) ?? findNul(req.body) ?? findTooDeep(req.query) ?? findTooDeep(req.body);
    if (at) return sendError(res, new AppError('validation-invalid-params', { fields: { [at.slice(0, 200)]: 'validation.invalidValue' } }));
    next();
  };
}

/** True when the request carries a body (declared length above zero, or chunked). */
export function hasBody(req: Request): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}
