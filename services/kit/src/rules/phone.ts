/**
 * Phone numbers as shown: the Australian national format (`0412 345 678`) by libphonenumber-js with
 * its smallest metadata (docs/decisions/059), so a number keeps its leading zero on screen whatever
 * form it was stored in. Only the pages that show a phone import this (and the library); storing
 * in E.164 is validation.ts's `toE164Phone`, which needs no metadata for the one country accepted.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const parseAu = (value: string) => parsePhoneNumberFromString(value.trim(), 'AU');

/**
 * A stored number for display: Australian numbers in the national format with their leading zero
 * (`0412 345 678`, `(03) 9876 5432`), others in the international format; unreadable text as stored.
 * Numbers saved before E.164, without their zero (`412345678`), read as Australian too.
 */
export function formatPhone(stored: string): string {
  const parsed = parseAu(stored);
  if (!parsed) return stored;
  return parsed.country === 'AU' || parsed.countryCallingCode === '61' ? parsed.formatNational() : parsed.formatInternational();
}
