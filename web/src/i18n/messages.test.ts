import { describe, expect, it } from '@jest/globals';
import { ERROR_CATALOGUE, LIMITED_ACCESS_REASON, MSG } from '@caskade/kit/rules';
import { CATALOG_SERVER_KEYS, errorCodeMessage, errorMessages, messageFor, PASSWORD_INCORRECT, reasonMessage, ui, validationMessages, type ValidationKey } from './messages';
import { ABV_RANGE, CATALOG_MSG, MAX_PRICE_CENTS, MAX_STOCK } from '@caskade/catalog/domain';
import { ApiError } from '../api/client';
import { buyingMessage, failureMessages } from './buyingMessages';
import { messagingFailure } from './messagingMessages';
import { formatCount, formatMoney } from './format';
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

  it('words a limited-access refusal (reason limited-access) wherever buying and messaging failures are worded, never the generic line', () => {
    const refused = new ApiError(403, 'forbidden', 'You are not allowed to do that', { reason: LIMITED_ACCESS_REASON });
    expect(messageFor(LIMITED_ACCESS_REASON)).toMatch(/limited access/);
    expect(reasonMessage(LIMITED_ACCESS_REASON)).toBe(messageFor(LIMITED_ACCESS_REASON));
    expect(reasonMessage('something else')).toBeNull();
    expect(buyingMessage(LIMITED_ACCESS_REASON)).toMatch(/limited access: it can look around but not order/);
    expect(failureMessages(refused)).toEqual([buyingMessage(LIMITED_ACCESS_REASON)]);
    expect(messagingFailure(refused, 'fallback')).toBe(messageFor(LIMITED_ACCESS_REASON));
    expect(messagingFailure(new ApiError(500, 'internal', 'Oops'), 'fallback')).toBe('fallback');
    for (const text of [buyingMessage(LIMITED_ACCESS_REASON), messageFor(LIMITED_ACCESS_REASON)]) expect(text).not.toBe(ui.common.genericError);
  });

  it('names the limit of an out-of-range listing value, read from the catalog domain', () => {
    expect(messageFor(CATALOG_MSG.abvOutOfRange)).toContain(`from ${ABV_RANGE.min} to ${ABV_RANGE.max}`);
    expect(messageFor(CATALOG_MSG.priceTooHigh)).toContain(formatMoney(MAX_PRICE_CENTS, { dropWholeCents: true }));
    expect(messageFor(CATALOG_MSG.stockTooHigh)).toContain(formatCount(MAX_STOCK));
    expect(messageFor(CATALOG_MSG.stockTooHigh)).toContain('10,000,000');
  });

  it('uses the spec wording for the verification email limit', () => {
    expect(ui.verify.resendFailedTooManyRequests).toMatch(/maximum 5 per day, try again tomorrow/);
    expect(errorMessages['email-too-many-verification-requests']).toMatch(/maximum 5 per day, try again tomorrow/);
  });
});
