import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { InvoiceLinks } from './InvoiceLinks';

/** The links' [text, href] pairs in the markup. */
/** The activity of an order that was bought, then went on to `state`. */
const bought = (state: string) => [{ transition: 'request-payment', actor: 'customer', fromState: 'initial', toState: state.startsWith('purchased') ? state : 'purchased', at: '', note: '' }];

const links = (viewerRole: string, processName: string, state: string, activity = bought(state)): string[][] =>
  [...renderToStaticMarkup(<InvoiceLinks order={{ id: 'o-1', processName, state, viewerRole, activity }} />).matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2] ?? '', m[1] ?? '']);

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

  it('a multi-vendor order whose pending payment was canceled was never bought: no invoice, though it shares its canceled state with one canceled after purchase', () => {
    const requested = { transition: 'transition/multi-vendor-request-payment', actor: 'customer', fromState: 'initial', toState: 'pending-payment-multi-vendor', at: '', note: '' };
    const canceled = { transition: 'transition/multi-vendor-operator-cancel-payment', actor: 'operator', fromState: 'pending-payment-multi-vendor', toState: 'canceled-multi-vendor', at: '', note: '' };
    expect(links('customer', 'multi-vendor', 'canceled-multi-vendor', [requested, canceled])).toEqual([]);
    expect(links('customer', 'multi-vendor', 'canceled-multi-vendor', [...bought('purchased-multi-vendor'), { ...canceled, fromState: 'purchased-multi-vendor', transition: 'transition/multi-vendor-buyer-cancel' }])).toEqual([SUPPLY]);
  });

  it('marks the links as downloads', () => {
    expect(renderToStaticMarkup(<InvoiceLinks order={{ id: 'o-1', processName: 'release-1', state: 'purchased', viewerRole: 'customer', activity: bought('purchased') }} />)).toContain('download=""');
  });
});
