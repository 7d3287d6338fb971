/**
 * Account rules (product-spec §5): user types, passwords, ABN/ACN check digits, company names and
 * the buyer and supplier sign-up forms, as pure predicates and zod schemas whose messages are the
 * web app's message keys. Read by identity, the gateway and the web app. Pure and browser-safe.
 */
import { z } from 'zod';
import { CATEGORIES, MSG, TEXTAREA_MAX, emailField, optionalText, phoneField, requiredText } from '@caskade/kit/rules';

export const USER_TYPES = ['buyer', 'supplier'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const COMPANY_NAME_MAX = 100;

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

export const passwordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong });
/** An ABN or ACN, stored as its digits (spaces typed between groups dropped). */
export const abnAcnField = requiredText(20).refine(isValidAbnOrAcn, { error: MSG.abnAcnInvalid }).transform((v) => v.replace(/\s/g, ''));
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

/** The profile fields an account may change, all optional (`PUT /api/current-user/profile`). */
export const profilePatchSchema = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    bio: z.string().max(TEXTAREA_MAX, { error: MSG.tooLong }),
    companyName: companyNameField,
    abnAcn: abnAcnField,
    phoneNumber: phoneField,
    favouriteDrink: optionalText(100),
    favouriteCategories: z.array(z.enum(CATEGORIES, { error: MSG.categoryInvalid })).max(CATEGORIES.length),
    brandName: companyNameField,
    businessName: companyNameField,
    legalEntityName: requiredText(200),
    retailLiquorLicence: optionalText(50),
    wholesaleLiquorLicence: optionalText(50),
    address: requiredText(300),
    contactNumber: phoneField,
  })
  .partial()
  .strict();

/**
 * A supplier's business details as the Business info page saves them (`PUT /api/current-user/profile`
 * with these fields): the same field rules as the patch, with the ones a supplier signs up with required.
 */
export const businessInfoSchema = z
  .object({
    businessName: companyNameField,
    legalEntityName: requiredText(200),
    abnAcn: abnAcnField,
    retailLiquorLicence: optionalText(50),
    wholesaleLiquorLicence: optionalText(50),
    address: requiredText(300),
    contactNumber: phoneField,
  })
  .strict();
export type BusinessInfo = z.input<typeof businessInfoSchema>;

/** Profile fields only a supplier has (the brand page and the business details). */
export const SUPPLIER_ONLY_PROFILE_FIELDS = ['brandName', 'businessName', 'legalEntityName', 'retailLiquorLicence', 'wholesaleLiquorLicence', 'address', 'contactNumber'] as const;

export const signupSchema = z.discriminatedUnion('userType', [buyerSignupSchema, supplierSignupSchema]);
export type BuyerSignup = z.infer<typeof buyerSignupSchema>;
export type SupplierSignup = z.infer<typeof supplierSignupSchema>;
export type Signup = z.infer<typeof signupSchema>;
