import { fieldErrors } from '@caskade/kit/rules';
import { deliveryAddressSchema } from './addresses';

const valid = { name: 'Ava Nguyen', street: '1 George St', city: 'Sydney', state: 'NSW', country: 'AU', postalCode: '2000', phone: '+61 412 345 678', email: 'ava@example.com.au' };
const errorsOf = (input: unknown) => {
  const parsed = deliveryAddressSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('deliveryAddressSchema', () => {
  test('accepts a complete Australian address, normalising state, country, email and the phone (E.164, ADR 059)', () => {
    expect(deliveryAddressSchema.parse({ ...valid, state: ' qld ', postalCode: '4000', country: 'au', email: ' Ava@Example.com.au ' })).toEqual({ ...valid, state: 'QLD', postalCode: '4000', country: 'AU', email: 'ava@example.com.au', phone: '+61412345678', isDefault: false });
  });

  test.each([
    ['postalCode', '200', 'validation.postalCodeInvalid'],
    ['postalCode', '2000a', 'validation.postalCodeInvalid'],
    ['postalCode', '', 'validation.required'],
    ['state', 'Victoria', 'validation.stateInvalid'],
    ['country', 'NZ', 'validation.countryInvalid'],
    ['phone', '0012 345 678', 'validation.phoneInvalid'],
    ['phone', '+61 412 345 67', 'validation.phoneInvalid'],
    ['email', 'ava@example', 'validation.emailInvalid'],
    ['name', '  ', 'validation.required'],
    ['street', 'x'.repeat(301), 'validation.tooLong'],
  ])('%s %j → %s', (field, value, key) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: key });
  });

  test('refuses a postcode outside the chosen state, as the listing wizard does', () => {
    expect(errorsOf({ ...valid, state: 'VIC', postalCode: '2000' })).toEqual({ postalCode: 'validation.postcodeNotInState' });
    expect(errorsOf({ ...valid, state: 'VIC', postalCode: '3000' })).toEqual({});
    expect(errorsOf({ ...valid, state: 'act', postalCode: '2600' })).toEqual({});
  });

  test('accepts the phone forms of product-spec §5', () => {
    for (const phone of ['0412345678', '412345678', '+61412345678', '(03) 9876 5432']) expect(errorsOf({ ...valid, phone })).toEqual({});
  });
});
