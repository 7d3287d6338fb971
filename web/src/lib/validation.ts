/**
 * Inline validation with the shared rules of @caskade/kit/rules. The kit's zod schemas give every
 * message, the cross-field ones included (passwords match; business name differs from brand name):
 * those run even while other fields fail (zod `when`), so the web keeps no copy of them.
 */
import { MSG, fieldErrors, requiredText } from '@caskade/kit/rules';
import type { z } from 'zod';
import { passwordField } from '@caskade/identity/domain';

export type FieldErrors = Record<string, string>;

export function schemaErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * The confirmation box of the password change and reset forms: a client-only rule (only the new
 * password is sent, and no shared schema covers these forms). Sign-up uses the shared schemas.
 */
export function passwordsMatchError(password: string, confirmation: string, field = 'passwordConfirm'): FieldErrors {
  return password !== confirmation ? { [field]: MSG.passwordsDoNotMatch } : {};
}

/** The password of an existing account as typed to sign in or confirm a change: only required, not held to the new-password rules. */
export const passwordRequired = requiredText(256);

/** A new password and its confirmation (password change and reset): the password rules on both, then the match. */
export function newPasswordErrors(password: string, confirmation: string): FieldErrors {
  return mergeErrors(
    checkFields({ newPassword: [passwordField, password], newPasswordConfirm: [passwordField, confirmation] }),
    passwordsMatchError(password, confirmation, 'newPasswordConfirm'),
  );
}

/** Later sources only fill fields the earlier ones left empty: first failure per field wins. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const out: FieldErrors = {};
  for (const source of sources) for (const [field, key] of Object.entries(source)) if (!(field in out)) out[field] = key;
  return out;
}

/** Runs one schema per field and keeps the first message key for each failing field. */
export function checkFields(rules: Record<string, [schema: z.ZodType, value: unknown]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, [schema, value]] of Object.entries(rules)) {
    const result = schema.safeParse(value);
    const first = result.success ? undefined : result.error.issues[0]?.message;
    if (first) out[field] = first;
  }
  return out;
}
