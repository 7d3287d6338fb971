import { describe, expect, it } from '@jest/globals';
import { ERROR_CATALOGUE, MSG } from '@caskade/kit/rules';
import { CATALOG_SERVER_KEYS, errorCodeMessage, errorMessages, messageFor, PASSWORD_INCORRECT, ui, validationMessages, type ValidationKey } from './messages';
import { CATALOG_MSG } from '@caskade/catalog/domain';
import { LIQUOR_LICENCE_MSG } from '@caskade/identity/domain';

describe('messages', () => {
  it('words every validation key of the shared rules (accounts, catalog, liquor licence), plus the server-only ones', () => {
    const keys = [...new Set([...Object.values(MSG), ...Object.values(CATALOG_MSG), ...CATALOG_SERVER_KEYS, PASSWORD_INCORRECT, ...Object.values(LIQUOR_LICENCE_MSG)])] as ValidationKey[];
    for (const key of keys) {
      expect([key, messageFor(key)]).toEqual([key, validationMessages[key]]);
      expect(validationMessages[key].length).toBeGreaterThan(5);
    }
    expect(Object.keys(validationMessages).sort()).toEqual([...keys].sort());
  });

  it('words every error code of the catalogue', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) {
      expect(errorCodeMessage(code)).toBe(errorMessages[code as keyof typeof errorMessages]);
      expect(messageFor(code).length).toBeGreaterThan(5);
    }
    expect(Object.keys(errorMessages).sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('falls back to a generic line for unknown keys', () => {
    expect(messageFor('validation.nope')).toBe(ui.common.genericError);
    expect(errorCodeMessage('nope')).toBe(ui.common.genericError);
  });

  it('uses the spec wording for the verification email limit', () => {
    expect(ui.verify.resendFailedTooManyRequests).toMatch(/maximum 5 per day, try again tomorrow/);
    expect(errorMessages['email-too-many-verification-requests']).toMatch(/maximum 5 per day, try again tomorrow/);
  });
});
