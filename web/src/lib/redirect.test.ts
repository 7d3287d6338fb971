import { describe, expect, it } from '@jest/globals';
import { authRedirectState, readRedirectTarget } from './redirect';

describe('redirect state', () => {
  it('round-trips path, query and hash', () => {
    const state = authRedirectState({ pathname: '/orders/42', search: '?page=2', hash: '#items' });
    expect(state).toEqual({ from: { pathname: '/orders/42', search: '?page=2', hash: '#items' } });
    expect(readRedirectTarget(state)).toBe('/orders/42?page=2#items');
  });

  it('keeps only a plain path when query and hash are empty', () => {
    expect(readRedirectTarget(authRedirectState({ pathname: '/cart', search: '', hash: '' }))).toBe('/cart');
  });

  it.each([
    ['no state', undefined],
    ['null', null],
    ['no from', { other: 1 }],
    ['non-string path', { from: { pathname: 42 } }],
    ['relative path', { from: { pathname: 'cart' } }],
    ['protocol-relative URL', { from: { pathname: '//evil.example/x' } }],
    ['backslash trick', { from: { pathname: '/\\evil.example' } }],
    ['an auth page', { from: { pathname: '/login' } }],
    ['sign-up page', { from: { pathname: '/signup/buyer' } }],
  ])('ignores %s', (_label, state) => {
    expect(readRedirectTarget(state)).toBeNull();
  });

  it('drops malformed query and hash parts', () => {
    expect(readRedirectTarget({ from: { pathname: '/a', search: 'x=1', hash: 'top' } })).toBe('/a');
  });
});
