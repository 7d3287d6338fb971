/** Account fixtures shared by the API, distributed and browser suites: a valid sign-up body and the operator mailbox. */
import { ApiSession } from './http';

export const DEMO_OPERATOR = { email: 'operator@example.com', password: 'Caskade-demo-2026' };

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** A buyer sign-up that passes every rule of spec section 5 (password `correct horse battery`). */
export const buyerSignup = (email: string) => ({
  userType: 'buyer',
  email,
  password: 'correct horse battery',
  passwordConfirm: 'correct horse battery',
  firstName: 'Mia',
  lastName: 'Tran',
  companyName: 'Collingwood Bottle Shop',
  abnAcn: '51 824 753 556',
  phoneNumber: '0412 345 678',
  favouriteCategories: ['wine'],
  agreeTermsAndConditions: true,
});

/**
 * A supplier sign-up that passes every rule (password `correct horse battery`). `brand` must be
 * unique per app: brand and business names are unique across suppliers.
 */
export const supplierSignup = (email: string, brand: string) => ({
  userType: 'supplier',
  email,
  password: 'correct horse battery',
  passwordConfirm: 'correct horse battery',
  firstName: 'Grace',
  lastName: 'Hopper',
  favouriteDrink: 'Saison',
  abnAcn: '000 000 019',
  phoneNumber: '+61 412 345 678',
  companyName: `${brand} Brewing`,
  brandName: brand,
  businessName: `${brand} Brewing Pty Ltd`,
  legalEntityName: `${brand} Holdings Pty Ltd`,
  wholesaleLiquorLicence: 'WL-1234',
  address: '1 Chapel St, South Yarra VIC 3141',
  contactNumber: '03 9876 5432',
  agreeTermsAndConditions: true,
});

/** The newest email of a kind sent to an address, read as the operator; waits for the outbox and consumer. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  kind: string,
  opts: { operator?: { email: string; password: string }; timeoutMs?: number } = {},
): Promise<Mail> {
  const operator = new ApiSession(baseUrl);
  const login = await operator.post('/api/auth/login', opts.operator ?? DEMO_OPERATOR);
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}`);
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const res = await operator.get<{ data?: Mail[] }>(`/api/operator/mailbox?to=${encodeURIComponent(to)}`);
    const hit = res.body.data?.find((m) => m.kind === kind);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no ${kind} email for ${to} within ${opts.timeoutMs ?? 10_000} ms`);
}

/** The first link in a mail's text that carries `param`, whole. */
export function mailLink(text: string, param: string): URL {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).searchParams.has(param));
  if (!url) throw new Error(`no link with ${param} in the mail`);
  return new URL(url);
}

/** One query parameter of that link. */
export const linkParam = (text: string, param: string): string => mailLink(text, param).searchParams.get(param) ?? '';
