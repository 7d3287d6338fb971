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

/**
 * No text the marketplace stores or searches may hold a NUL character (PostgreSQL text cannot):
 * refuse it at the edge with the field named, before any service sees it.
 */
export function refuseNulCharacters() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const at = findNul(req.query) ?? findNul(req.body);
    if (at) return sendError(res, new AppError('validation-invalid-params', { fields: { [at]: 'validation.invalidValue' } }));
    next();
  };
}

/** True when the request carries a body (declared length above zero, or chunked). */
export function hasBody(req: Request): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}
