import { sign, verify } from 'node:crypto';
import { generateSigningJwk, publicKeysFromJwks, signingKeyFromJwk, jwksJson } from './keys';

describe('generateSigningJwk (Ed25519 from a random seed)', () => {
  test('the private JWK signs what its public half verifies, and nothing else does', () => {
    const a = generateSigningJwk('a-1');
    const b = generateSigningJwk('b-1');
    expect(a.privateJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: 'a-1', alg: 'EdDSA', use: 'sig', x: a.publicJwk.x });
    expect(a.publicJwk.d).toBeUndefined();
    // base64url of 32 bytes: 43 characters each.
    expect([a.privateJwk.d?.length, a.publicJwk.x.length]).toEqual([43, 43]);
    expect(new Set([a.privateJwk.d, b.privateJwk.d, a.publicJwk.x, b.publicJwk.x]).size).toBe(4);

    // signingKeyFromJwk checks that x belongs to d.
    const signer = signingKeyFromJwk(a.privateJwk);
    const publics = publicKeysFromJwks(jwksJson([a.publicJwk, b.publicJwk]));
    const message = Buffer.from('caskade');
    const signature = sign(null, message, signer.key);
    expect(verify(null, message, publics.get('a-1')!, signature)).toBe(true);
    expect(verify(null, message, publics.get('b-1')!, signature)).toBe(false);
    expect(verify(null, Buffer.from('caskadf'), publics.get('a-1')!, signature)).toBe(false);
  });

  test('a thousand keys in a row, each exported as a JWK, all distinct', () => {
    const xs = new Set(Array.from({ length: 1000 }, (_, i) => generateSigningJwk(`k-${i}`).publicJwk.x));
    expect(xs.size).toBe(1000);
  });
});
