import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@caskade/kit';
import { MAX_PAGE, pageArgs, pagination } from './app/shared';
import { applyTransition, deletionFor, stateAfterEdit } from './domain/listing';
import { defaultImageDir } from './index';

describe('catalog hardening (docs/decisions/015)', () => {
  it('stops totalPages at the last page a client may ask for, keeping the true totalItems', () => {
    const args = pageArgs(1, 1, 24);
    expect(pagination(args, 5_000)).toEqual({ page: 1, perPage: 1, totalItems: 5_000, totalPages: MAX_PAGE });
    expect(pagination(pageArgs(2, 24, 24), 100)).toMatchObject({ totalItems: 100, totalPages: 5 });
    expect(() => pageArgs(MAX_PAGE + 1, 1, 24)).toThrow(AppError);
  });

  it('discards a listing waiting for approval like a draft, and still refuses a published one', () => {
    expect(deletionFor('pendingApproval')).toBe('discard');
    expect(applyTransition('pendingApproval', 'discard').to).toBe('deleted');
    expect(() => applyTransition('published', deletionFor('published'))).toThrow(AppError);
  });

  it('sends a live listing edited by a supplier without the published flag back for approval', () => {
    expect(stateAfterEdit('published', false)).toBe('pendingApproval');
    expect(stateAfterEdit('closed', false)).toBe('pendingApproval');
    expect(stateAfterEdit('published', true)).toBe('published');
    expect(stateAfterEdit('draft', false)).toBe('draft');
    expect(stateAfterEdit('pendingApproval', false)).toBe('pendingApproval');
  });

  it('keeps the images of an in-memory run in a temporary directory, never ./catalog-images', () => {
    const dir = defaultImageDir(':memory:');
    try {
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(existsSync(dir)).toBe(true);
      expect(path.resolve(dir)).not.toBe(path.resolve('catalog-images'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(defaultImageDir('/var/lib/caskade')).toBe(path.join('/var/lib/caskade', 'catalog-images'));
  });
});
