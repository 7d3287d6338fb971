/**
 * Generic field rules of product-spec §5 (required text, email, Australian phone) as pure
 * predicates plus zod building blocks whose messages are the web app's message keys. Account rules
 * (passwords, ABN/ACN, names, sign-up) are identity's: @caskade/identity/domain.
 */
import { z } from 'zod';


/** Message keys; the web app maps each to en-AU wording. */
export const MSG = {
  required: 'validation.required',
  emailInvalid: 'validation.emailInvalid',
  passwordTooShort: 'validation.passwordTooShort',
  passwordTooLong: 'validation.passwordTooLong',
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  phoneInvalid: 'validation.phoneInvalid',
  companyNameTooLong: 'validation.companyNameTooLong',
  businessNameSameAsBrand: 'validation.businessNameSameAsBrand',
  termsRequired: 'validation.termsRequired',
  abnAcnInvalid: 'validation.abnAcnInvalid',
  tooLong: 'validation.tooLong',
  categoryInvalid: 'validation.categoryInvalid',
  invalidValue: 'validation.invalidValue',
  unknownField: 'validation.unknownField',
} as const;

/**
 * zod's own messages are message keys too: an issue a schema names no message for (a wrong type,
 * an out-of-range number, an unknown key) answers one of these instead of zod's English, so every
 * `meta.fields` value an API client gets is a key the web translates. A schema's own message wins.
 */
z.config({
  customError: (issue) => {
    const text = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? MSG.required : MSG.invalidValue;
      case 'too_small':
        return text && Number(issue.minimum) <= 1 ? MSG.required : MSG.invalidValue;
      case 'too_big':
        return text ? MSG.tooLong : MSG.invalidValue;
      case 'unrecognized_keys':
        return MSG.unknownField;
      default:
        return MSG.invalidValue;
    }
  },
});

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AU_PHONE_PATTERN = /^(?:\+61|0)?[1-9]\d{8}$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isBlank = (value: string): boolean => value.trim().length === 0;

/** Australian phone: optional +61 or leading 0, then a non-zero digit and 8 more digits. Spaces ignored. */
export function isAustralianPhone(value: string): boolean {
  return AU_PHONE_PATTERN.test(value.replace(/[\s()-]/g, ''));
}

/**
 * An Australian number (one `isAustralianPhone` accepts) in E.164, as it is stored: `0412 345 678`,
 * `+61 412 345 678` and `412345678` are all `+61412345678`. Anything else is returned trimmed.
 */
export function toE164Phone(value: string): string {
  const compact = value.replace(/[\s()-]/g, '');
  if (!AU_PHONE_PATTERN.test(compact)) return value.trim();
  return `+61${compact.replace(/^(?:\+61|0)/, '')}`;
}

/**
 * Phone input as it is typed: digits, spaces and a leading plus, at most 15 digits. The spec's
 * reading drops a leading zero; that lost the zero of every Australian number (`0412…` became
 * `412…`), so the zero stays and the number is stored in E.164 (docs/decisions/059).
 */
export function formatPhoneInput(value: string): string {
  const plus = value.trimStart().startsWith('+');
  let digits = 0;
  const kept = [...value.replace(/[^\d ]/g, '').replace(/^ +/, '').replace(/ {2,}/g, ' ')].filter((ch) => ch === ' ' || ++digits <= 15).join('');
  return plus ? `+${kept}` : kept;
}

// ---- zod building blocks -------------------------------------------------------------------

export const requiredText = (max = 200) =>
  z.string().trim().min(1, { error: MSG.required }).max(max, { error: MSG.tooLong });
export const optionalText = (max = 200) => z.string().trim().max(max, { error: MSG.tooLong }).optional();
export const emailField = z
  .string()
  .trim()
  .min(1, { error: MSG.required })
  .max(254, { error: MSG.emailInvalid })
  .refine(isEmail, { error: MSG.emailInvalid })
  .transform((v) => v.toLowerCase());
/** A required Australian phone number, stored in E.164 (`+61412345678`). */
export const phoneField = requiredText(30).refine(isAustralianPhone, { error: MSG.phoneInvalid }).transform(toE164Phone);
/** zod issues to `{ field: messageKey }`, first failure per field wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const at = issue.path.join('.');
    // An unknown key is named as its own field ({ extra: 'validation.unknownField' }).
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => (at ? `${at}.${k}` : k)) : [at || '_'];
    for (const key of keys) if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * A whole number in a query string, written in plain digits only, within [min, max]; absent =
 * `fallback`. `z.coerce.number()` would also take '0x10', '1e1', ' 5' or '' (Number's reading of
 * a string), so the same page would have many addresses.
 */
export const queryInt = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: MSG.invalidValue })
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().int().min(min, { error: MSG.invalidValue }).max(max, { error: MSG.invalidValue }));
