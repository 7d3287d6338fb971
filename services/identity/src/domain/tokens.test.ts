import { hashSecret, newSecret } from '../app/secrets';
import { decideRefresh, REFRESH_REUSE_GRACE_MS } from './tokens';

describe('refresh token decisions', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const cases: [string, Parameters<typeof decideRefresh>[0], string][] = [
    ['unknown token', undefined, 'reject'],
    ['fresh token', { expires_at: later, rotated_at: null, revoked_at: null }, 'rotate'],
    ['expired token', { expires_at: now, rotated_at: null, revoked_at: null }, 'reject'],
    ['revoked token', { expires_at: later, rotated_at: null, revoked_at: now }, 'reject'],
    ['rotated just now (parallel request)', { expires_at: later, rotated_at: new Date(now.getTime() - 1000), revoked_at: null }, 'grace'],
    ['rotated long ago (stolen copy)', { expires_at: later, rotated_at: new Date(now.getTime() - REFRESH_REUSE_GRACE_MS - 1), revoked_at: null }, 'reuse-detected'],
  ];
  it.each(cases)('%s', (_name, row, expected) => {
    expect(decideRefresh(row, now).kind).toBe(expected);
  });

  it('secrets are random and stored hashed', () => {
    const a = newSecret();
    expect(a).not.toBe(newSecret());
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).not.toContain(a);
  });
});
