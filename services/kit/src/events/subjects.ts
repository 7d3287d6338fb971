/**
 * NATS subject rules, shared by both buses so a filter means the same thing in both run modes.
 * A subject is dot-separated tokens; in a filter `*` matches exactly one token and `>` (last
 * token only) matches one or more.
 */

const TOKEN = /^[A-Za-z0-9_-]+$/;

function tokens(subject: string): string[] {
  return subject.split('.');
}

/** A concrete subject to publish on: no wildcards, no empty tokens. */
export function isValidSubject(subject: string): boolean {
  return subject.length > 0 && tokens(subject).every((t) => TOKEN.test(t));
}

/** A subscription filter: tokens, `*`, or a final `>`. */
export function isValidFilter(filter: string): boolean {
  if (filter.length === 0) return false;
  const parts = tokens(filter);
  return parts.every((t, i) => TOKEN.test(t) || t === '*' || (t === '>' && i === parts.length - 1));
}

export function subjectMatches(filter: string, subject: string): boolean {
  const f = tokens(filter);
  const s = tokens(subject);
  for (let i = 0; i < f.length; i++) {
    const t = f[i];
    if (t === '>') return s.length > i;
    if (i >= s.length) return false;
    if (t !== '*' && t !== s[i]) return false;
  }
  return f.length === s.length;
}

/** True when some subject matches both filters (then a message would reach one subscription twice). */
export function filtersOverlap(a: string, b: string): boolean {
  const x = tokens(a);
  const y = tokens(b);
  for (let i = 0; ; i++) {
    const p = x[i];
    const q = y[i];
    if (p === '>' || q === '>') return p !== undefined && q !== undefined;
    if (p === undefined || q === undefined) return p === q;
    if (p !== '*' && q !== '*' && p !== q) return false;
  }
}

/** Validate a subscription's filters once, with a message naming the consumer. */
export function assertFilters(consumer: string, filters: readonly string[]): void {
  if (filters.length === 0) throw new Error(`consumer ${consumer}: at least one subject filter is required`);
  for (const f of filters) if (!isValidFilter(f)) throw new Error(`consumer ${consumer}: invalid subject filter "${f}"`);
  for (let i = 0; i < filters.length; i++) {
    for (let j = i + 1; j < filters.length; j++) {
      const a = filters[i] as string;
      const b = filters[j] as string;
      if (filtersOverlap(a, b)) throw new Error(`consumer ${consumer}: subject filters "${a}" and "${b}" overlap`);
    }
  }
}
