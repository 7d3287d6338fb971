import fc from 'fast-check';
import { fieldErrors, formatPhoneInput, isAustralianPhone } from '@caskade/kit/rules';
import { businessInfoSchema, buyerSignupSchema, isValidAbn, isValidAcn, supplierSignupSchema } from './account';
import { FULL_ACCESS_ACTIONS, mayChangeAccount } from './user';

describe('ATO check digits', () => {
  it.each(['51824753556', '53 004 085 616', '33102417032'])('accepts the valid ABN %s', (abn) => expect(isValidAbn(abn)).toBe(true));
  it.each(['51824753557', '12345678901', '5182475355', 'abcdefghijk'])('rejects %s as an ABN', (abn) => expect(isValidAbn(abn)).toBe(false));
  it.each(['004085616', '000 000 019', '010 499 966'])('accepts the valid ACN %s', (acn) => expect(isValidAcn(acn)).toBe(true));
  it.each(['004085617', '12345678', '0040856161'])('rejects %s as an ACN', (acn) => expect(isValidAcn(acn)).toBe(false));

  it('changing any one digit of a valid ABN makes it invalid', () => {
    const valid = '51824753556';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digit = (Number(valid[pos]) + delta) % 10;
        const mutated = valid.slice(0, pos) + String(digit) + valid.slice(pos + 1);
        return !isValidAbn(mutated);
      }),
    );
  });
});

describe('Australian phone numbers', () => {
  it.each(['0412345678', '+61412345678', '412345678', '(03) 9876 5432', '02-9876-5432'])('accepts %s', (p) => expect(isAustralianPhone(p)).toBe(true));
  it.each(['0012345678', '041234567', '+6141234567890', 'phone', '+1 415 555 0100'])('rejects %s', (p) => expect(isAustralianPhone(p)).toBe(false));
  it('formats input: digits and spaces, the leading zero kept (ADR 059), plus kept, 15 digits at most', () => {
    expect(formatPhoneInput('0412 345 678')).toBe('0412 345 678');
    expect(formatPhoneInput('+61 (4) 1234-5678')).toBe('+61 4 12345678');
    expect(formatPhoneInput('1234567890123456789')).toBe('123456789012345');
  });
});

describe('sign-up schemas', () => {
  const buyer = {
    userType: 'buyer', email: 'A@B.co', password: 'long enough', passwordConfirm: 'long enough', firstName: 'A', lastName: 'B',
    companyName: 'C', abnAcn: '51824753556', phoneNumber: '0412345678', agreeTermsAndConditions: true,
  };
  it('accepts a valid buyer and lower-cases the email', () => {
    const out = buyerSignupSchema.parse(buyer);
    expect(out.email).toBe('a@b.co');
    expect(out.favouriteCategories).toEqual([]);
  });
  it('reports every failing field at once, including the password mismatch', () => {
    const r = buyerSignupSchema.safeParse({ ...buyer, passwordConfirm: 'other', firstName: '   ', companyName: 'x'.repeat(101), password: 'x'.repeat(257) });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(fieldErrors(r.error)).toEqual({
        firstName: 'validation.required',
        companyName: 'validation.companyNameTooLong',
        password: 'validation.passwordTooLong',
        passwordConfirm: 'validation.passwordsDoNotMatch',
      });
    }
  });
  it('requires the confirmation: an empty one gets the required message, not the mismatch', () => {
    const r = buyerSignupSchema.safeParse({ ...buyer, passwordConfirm: '' });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ passwordConfirm: 'validation.required' });
  });
  it('requires the confirmation even when the password is empty too', () => {
    const r = supplierSignupSchema.safeParse({
      ...buyer, userType: 'supplier', password: '', passwordConfirm: '', brandName: 'Hop Hill', businessName: 'Hop Hill Trading', legalEntityName: 'L', address: 'A', contactNumber: '0398765432',
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ password: 'validation.required', passwordConfirm: 'validation.required' });
  });
  it('rejects unknown fields', () => {
    expect(buyerSignupSchema.safeParse({ ...buyer, role: 'operator' }).success).toBe(false);
  });
  it('requires a business name different from the brand name', () => {
    const supplier = {
      ...buyer, userType: 'supplier', brandName: 'Hop Hill', businessName: ' hop hill ', legalEntityName: 'L', address: 'A', contactNumber: '0398765432',
    };
    const r = supplierSignupSchema.safeParse(supplier);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ businessName: 'validation.businessNameSameAsBrand' });
  });
});

describe('limited access and business info', () => {
  it('a limited-access login may not change email, password, type or delete the account; a full login may', () => {
    for (const action of FULL_ACCESS_ACTIONS) {
      expect(mayChangeAccount(['user:limited'], action)).toBe(false);
      expect(mayChangeAccount([], action)).toBe(true);
    }
  });
  it('business info needs the registration fields, checks the ABN/ACN digits and stores phone in E.164 and the ABN as digits', () => {
    const info = { businessName: 'Hop Hill Pty Ltd', legalEntityName: 'Hop Hill Holdings Pty Ltd', abnAcn: '51 824 753 556', address: '1 Lane, Healesville VIC 3777', contactNumber: '03 9876 5432' };
    expect(businessInfoSchema.parse(info)).toEqual({ ...info, abnAcn: '51824753556', contactNumber: '+61398765432' });
    expect(businessInfoSchema.safeParse({ ...info, abnAcn: '004 085 616' }).success).toBe(true);
    const bad = businessInfoSchema.safeParse({ ...info, abnAcn: '51 824 753 557', legalEntityName: ' ', contactNumber: '123' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ abnAcn: 'validation.abnAcnInvalid', legalEntityName: 'validation.required', contactNumber: 'validation.phoneInvalid' });
  });
});
