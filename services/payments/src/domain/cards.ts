/**
 * Card rules, pure: the number's check digit (Luhn), its brand from the issuer prefix, expiry.
 * Browser-safe: the web app formats and checks card fields with the same functions.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The digits of a card number as typed (spaces and dashes allowed); null when anything else is in it. */
export function cardDigits(input: string): string | null {
  const stripped = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(stripped) ? stripped : null;
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, low: number, high: number): boolean => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

/** The brand an issuer prefix (IIN) names, as Stripe reports it. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** The CVC is 3 digits, 4 on American Express; accepted as 3–4 digits for any brand. */
export const cvcValid = (cvc: string): boolean => /^\d{3,4}$/.test(cvc);

/** A BSB is six digits, written `000-000` or `000000`; null when it is not one. */
export function bsbDigits(input: string): string | null {
  const stripped = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(stripped) ? stripped : null;
}

/** `000000` → `000-000`. */
export const formatBsb = (digits: string): string => `${digits.slice(0, 3)}-${digits.slice(3)}`;

/** An Australian bank account number: 5 to 9 digits. */
export function accountDigits(input: string): string | null {
  const stripped = input.replace(/[\s-]/g, '');
  return /^\d{5,9}$/.test(stripped) ? stripped : null;
}
