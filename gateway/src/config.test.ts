import type { AddressInfo } from 'node:net';
import express from 'express';
import { addressEnv, SERVICE_NAMES } from '@caskade/kit';
import { gatewayEnv } from './config';

// Every service of the manifest needs its address.
const base = { ...Object.fromEntries(SERVICE_NAMES.map((name) => [addressEnv(name), `${name}:1`])) };
const trust = (TRUST_PROXY?: string) => gatewayEnv.safeParse({ ...base, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) });

describe('TRUST_PROXY', () => {
  test.each([
    [undefined, 0],
    ['0', 0],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/8, 192.168.1.7 ,fd00::/8', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
  ])('%p reads as %p', (value, expected) => {
    const parsed = trust(value);
    expect(parsed.success ? parsed.data.TRUST_PROXY : parsed.error.issues[0]?.message).toEqual(expected);
  });

  test.each(['-1', 'yes', '10.0.0.0/33', '300.1.1.1', 'fd00::/129', '', ' , '])('%p is refused with a clear message', (value) => {
    const parsed = trust(value);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : parsed.error.issues[0]?.message).toMatch(/^TRUST_PROXY must be/);
  });

  test('with a CIDR list the client address holds behind any number of trusted hops', async () => {
    const parsed = trust('127.0.0.0/8,10.0.0.0/8');
    if (!parsed.success) throw new Error('expected a valid list');
    const app = express();
    app.set('trust proxy', parsed.data.TRUST_PROXY);
    app.get('/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ip`;
      const ip = async (xff: string) => ((await (await fetch(url, { headers: { 'x-forwarded-for': xff } })).json()) as { ip: string }).ip;
      // Client → two proxies inside 10/8 → us: the client's address, not a proxy's.
      expect(await ip('203.0.113.9, 10.1.2.3, 10.4.5.6')).toBe('203.0.113.9');
      // A spoofed first entry before an untrusted hop is not believed: the untrusted hop is the client.
      expect(await ip('1.2.3.4, 198.51.100.7, 10.4.5.6')).toBe('198.51.100.7');
    } finally {
      server.close();
    }
  });
});
