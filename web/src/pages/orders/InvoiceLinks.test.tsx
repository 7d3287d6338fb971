import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { InvoiceLinks } from './InvoiceLinks';

/** The links' [text, href] pairs in the markup. */
const links = (viewerRole: string, processName: string, state: string): string[][] =>
  [...renderToStaticMarkup(<InvoiceLinks order={{ id: 'o-1', processName, state, viewerRole }} />).matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2] ?? '', m[1] ?? '']);

const SUPPLY = ['Download tax invoice', '/api/transactions/o-1/invoice.pdf'];
const FEE = ['Platform fee invoice', '/api/transactions/o-1/invoice.pdf?kind=platform-fee'];

describe('InvoiceLinks', () => {
  it.each([
    ['customer', 'multi-vendor', 'purchased-multi-vendor', [SUPPLY]],
    ['provider', 'multi-vendor', 'purchased-multi-vendor', [SUPPLY, FEE]],
    ['operator', 'release-1', 'purchased', [SUPPLY, FEE]],
    ['customer', 'multi-vendor', 'pending-payment-multi-vendor', []],
    ['provider', 'multi-vendor', 'payment-expired-multi-vendor', []],
    ['customer', 'release-1', 'pending-payment', []],
    ['customer', 'no-such-process', 'purchased', []],
  ])('%s of a %s order in %s gets %j', (role, processName, state, expected) => {
    expect(links(role, processName, state)).toEqual(expected);
  });

  it('marks the links as downloads', () => {
    expect(renderToStaticMarkup(<InvoiceLinks order={{ id: 'o-1', processName: 'release-1', state: 'purchased', viewerRole: 'customer' }} />)).toContain('download=""');
  });
});
