/**
 * Field rules of product-spec §5, as pure predicates plus zod schemas whose messages are the
 * web app's message keys. Shared by the identity service, the gateway and the web app.
 */
import { z } from 'zod';
import { CATEGORIES, COMPANY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';

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
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AU_PHONE_PATTERN = /^(?:\+61|0)?[1-9]\d{8}$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isBlank = (value: string): boolean => value.trim().length === 0;

/** Australian phone: optional +61 or leading 0, then a non-zero digit and 8 more digits. Spaces ignored. */
export function isAustralianPhone(value: string): boolean {
  return AU_PHONE_PATTERN.test(value.replace(/[\s()-]/g, ''));
}

/** Phone input formatting: keep digits, drop a leading zero, allow a leading plus, at most 15 digits. */
export function formatPhoneInput(value: string): string {
  const plus = value.trimStart().startsWith('+');
  const digits = value.replace(/\D/g, '').replace(/^0/, '').slice(0, 15);
  return plus ? `+${digits}` : digits;
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
/** ATO rule: subtract 1 from the first digit, weight the 11 digits, the sum is divisible by 89. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((acc, ch, i) => acc + (Number(ch) - (i === 0 ? 1 : 0)) * (ABN_WEIGHTS[i] ?? 0), 0);
  return sum % 89 === 0;
}

/** ASIC rule: weights 8..1 over the first 8 digits; the complement of the sum mod 10 is the check digit. */
export function isValidAcn(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 8)].reduce((acc, ch, i) => acc + Number(ch) * (8 - i), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

export const isValidAbnOrAcn = (value: string): boolean => isValidAbn(value) || isValidAcn(value);

// ---- zod building blocks -------------------------------------------------------------------

export const requiredText = (max = 200) =>
  z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(max, { error: MSG.tooLong });
export const optionalText = (max = 200) => z.string().trim().max(max, { error: MSG.tooLong }).optional();
export const emailField = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(254, { error: MSG.emailInvalid })
  .refine(isEmail, { error: MSG.emailInvalid })
  .transform((v) => v.toLowerCase());
export const passwordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong });
export const phoneField = requiredText(30).refine(isAustralianPhone, { error: MSG.phoneInvalid });
export const abnAcnField = requiredText(20).refine(isValidAbnOrAcn, { error: MSG.abnAcnInvalid });
export const companyNameField = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(COMPANY_NAME_MAX, { error: MSG.companyNameTooLong });
export const termsField = z.literal(true, { error: MSG.termsRequired });

/** The confirmation box: required like every other field, then (below) equal to the password. */
export const passwordConfirmField = z.string({ error: MSG.required }).min(1, { error: MSG.required });
const passwordsMatch = (v: { password: string; passwordConfirm: string }) => v.password === v.passwordConfirm;
/** Run a cross-field check even when other fields failed, as long as the fields it reads are strings. */
const whenStrings =
  (...keys: string[]) =>
  (payload: { value: unknown }): boolean => {
    const v = payload.value as Record<string, unknown> | null;
    return typeof v === 'object' && v !== null && keys.every((k) => typeof v[k] === 'string');
  };
const matchIssue = { error: MSG.passwordsDoNotMatch, path: ['passwordConfirm'], when: whenStrings('password', 'passwordConfirm') };

export const buyerSignupSchema = z
  .object({
    userType: z.literal('buyer'),
    email: emailField,
    password: passwordField,
    passwordConfirm: passwordConfirmField,
    firstName: requiredText(100),
    lastName: requiredText(100),
    companyName: companyNameField,
    abnAcn: abnAcnField,
    phoneNumber: phoneField,
    favouriteCategories: z.array(z.enum(CATEGORIES, { error: MSG.categoryInvalid })).max(CATEGORIES.length).default([]),
    agreeTermsAndConditions: termsField,
  })
  .strict()
  .refine(passwordsMatch, matchIssue);

export const supplierSignupSchema = z
  .object({
    userType: z.literal('supplier'),
    email: emailField,
    password: passwordField,
    passwordConfirm: passwordConfirmField,
    firstName: requiredText(100),
    lastName: requiredText(100),
    favouriteDrink: optionalText(100),
    abnAcn: abnAcnField,
    phoneNumber: phoneField,
    companyName: companyNameField,
    brandName: companyNameField,
    businessName: companyNameField,
    legalEntityName: requiredText(200),
    retailLiquorLicence: optionalText(50),
    wholesaleLiquorLicence: optionalText(50),
    address: requiredText(300),
    contactNumber: phoneField,
    agreeTermsAndConditions: termsField,
  })
  .strict()
  .refine(passwordsMatch, matchIssue)
  .refine((v) => v.businessName.trim().toLowerCase() !== v.brandName.trim().toLowerCase(), {
    error: MSG.businessNameSameAsBrand,
    path: ['businessName'],
    when: whenStrings('brandName', 'businessName'),
  });

export const signupSchema = z.discriminatedUnion('userType', [buyerSignupSchema, supplierSignupSchema]);
export type BuyerSignup = z.infer<typeof buyerSignupSchema>;
export type SupplierSignup = z.infer<typeof supplierSignupSchema>;
export type Signup = z.infer<typeof signupSchema>;

/** zod issues to `{ field: messageKey }`, first failure per field wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
