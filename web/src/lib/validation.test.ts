import { describe, expect, it } from '@jest/globals';
import { MSG, fieldErrors } from '@caskade/kit/rules';
import { validateBuyer } from '../pages/BuyerSignupPage';
import { validateSupplier } from '../pages/SupplierSignupPage';
import { checkFields, mergeErrors, passwordsMatchError } from './validation';
import { emailField } from '@caskade/kit/rules';
import { buyerSignupSchema, supplierSignupSchema } from '@caskade/identity/domain';

const validBuyer = {
  email: 'venue@example.com',
  password: 'correct-horse',
  passwordConfirm: 'correct-horse',
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'The Corner Bar',
  abnAcn: '51 824 753 556',
  phoneNumber: '412345678',
  favouriteCategories: ['beer'],
  agreeTermsAndConditions: true,
};

const validSupplier = {
  email: 'brewer@example.com',
  password: 'correct-horse',
  passwordConfirm: 'correct-horse',
  firstName: 'Grace',
  lastName: 'Hopper',
  phoneNumber: '+61412345678',
  favouriteDrink: '',
  companyName: 'Harbour Brewing',
  brandName: 'Harbour',
  businessName: 'Harbour Brewing Pty Ltd',
  legalEntityName: 'Harbour Brewing Pty Ltd',
  abnAcn: '000000019',
  retailLiquorLicence: '',
  wholesaleLiquorLicence: '',
  address: '1 Chapel St, South Yarra VIC 3141',
  contactNumber: '0398765432',
  agreeTermsAndConditions: true,
};

const serverErrors = (schema: typeof buyerSignupSchema | typeof supplierSignupSchema, values: object) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('sign-up validation', () => {
  it('accepts valid buyers and suppliers', () => {
    expect(validateBuyer(validBuyer)).toEqual({});
    expect(validateSupplier(validSupplier)).toEqual({});
  });

  it('shows every buyer message while typing', () => {
    const errors = validateBuyer({
      ...validBuyer,
      email: 'not-an-email',
      password: 'short',
      passwordConfirm: 'different',
      firstName: '   ',
      companyName: 'x'.repeat(101),
      abnAcn: '12 345 678 901',
      phoneNumber: '12345',
      agreeTermsAndConditions: false,
    });
    expect(errors).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordTooShort,
      passwordConfirm: MSG.passwordsDoNotMatch,
      firstName: MSG.required,
      companyName: MSG.companyNameTooLong,
      abnAcn: MSG.abnAcnInvalid,
      phoneNumber: MSG.phoneInvalid,
      agreeTermsAndConditions: MSG.termsRequired,
    });
    expect(validateBuyer({ ...validBuyer, password: 'x'.repeat(257), passwordConfirm: 'x'.repeat(257) }).password).toBe(MSG.passwordTooLong);
  });

  it('flags a business name equal to the brand name even while other fields are incomplete', () => {
    const errors = validateSupplier({ ...validSupplier, email: '', brandName: 'Harbour', businessName: ' harbour ' });
    expect(errors.businessName).toBe(MSG.businessNameSameAsBrand);
    expect(errors.email).toBe(MSG.required);
  });

  it('gets both cross-field messages from the shared schemas alone, while other fields still fail', () => {
    // No web copy of these rules: the kit schemas run them even when other fields are invalid (zod `when`).
    const buyer = serverErrors(buyerSignupSchema, { ...validBuyer, userType: 'buyer', email: '', firstName: '', passwordConfirm: 'other-password' });
    expect(buyer).toMatchObject({ passwordConfirm: MSG.passwordsDoNotMatch, email: MSG.required, firstName: MSG.required });
    const supplier = serverErrors(supplierSignupSchema, {
      ...validSupplier, userType: 'supplier', email: 'nope', abnAcn: '', passwordConfirm: 'other-password', brandName: 'Harbour', businessName: 'HARBOUR ',
    });
    expect(supplier).toMatchObject({
      passwordConfirm: MSG.passwordsDoNotMatch, businessName: MSG.businessNameSameAsBrand, email: MSG.emailInvalid, abnAcn: MSG.required,
    });
    // The pages' validators are the shared schema, nothing more.
    expect(validateSupplier({ ...validSupplier, email: 'nope', brandName: 'Harbour', businessName: 'harbour' })).toEqual(
      serverErrors(supplierSignupSchema, { ...validSupplier, userType: 'supplier', email: 'nope', brandName: 'Harbour', businessName: 'harbour' }),
    );
  });

  it('checks the confirmation of the password change and reset forms (no shared schema there)', () => {
    expect(passwordsMatchError('a-long-password', 'a-long-passwore', 'newPasswordConfirm')).toEqual({ newPasswordConfirm: MSG.passwordsDoNotMatch });
    expect(passwordsMatchError('same', 'same')).toEqual({});
  });

  it('keeps the first failure per field', () => {
    expect(mergeErrors({ a: 'first' }, { a: 'second', b: 'other' })).toEqual({ a: 'first', b: 'other' });
    expect(checkFields({ email: [emailField, ''] })).toEqual({ email: MSG.required });
  });
});
