import { isApiError } from '../api/client';
import type { FieldErrors } from './validation';

/**
 * Field errors from a failed sign-up or profile call: the server's `meta.fields` when present
 * (validation failures, and `email-taken` / `name-taken` naming their field), otherwise
 * `email-taken` on the email field and `name-taken` on `nameField`. Null when the failure is not
 * about a field.
 */
export function signupServerErrors(error: unknown, nameField: string): FieldErrors | null {
  if (!isApiError(error)) return null;
  const fields = error.fields;
  if (Object.keys(fields).length > 0) return fields;
  if (error.code === 'email-taken') return { email: 'email-taken' };
  if (error.code === 'name-taken') return { [nameField]: 'name-taken' };
  return null;
}
