import { AU_STATES, fieldErrors } from '@caskade/kit/rules';
import { hasLiquorLicence, liquorLicenceSchema } from './liquor-licence';

const fieldsOf = (input: unknown): Record<string, string> => {
  const out = liquorLicenceSchema.safeParse(input);
  return out.success ? {} : fieldErrors(out.error);
};

describe('liquorLicenceSchema', () => {
  it.each([
    ['LIQO660012345', 'NSW', 'LIQO660012345'],
    ['32012345', 'VIC', '32012345'],
    ['  liq-123/45 ', 'QLD', 'LIQ-123/45'],
    ['abc', 'WA', 'ABC'],
    ['A'.repeat(30), 'TAS', 'A'.repeat(30)],
  ])('accepts %p in %s as %p', (number, state, stored) => {
    expect(liquorLicenceSchema.parse({ number, state })).toEqual({ number: stored, state });
  });

  it.each(AU_STATES)('accepts every state and territory: %s', (state) => {
    expect(fieldsOf({ number: '123456', state })).toEqual({});
  });

  it.each([
    [{ number: '', state: 'NSW' }, { number: 'validation.required' }],
    [{ number: '   ', state: 'NSW' }, { number: 'validation.required' }],
    [{ number: 'AB', state: 'NSW' }, { number: 'validation.liquorLicenceNumberInvalid' }],
    [{ number: 'A'.repeat(31), state: 'NSW' }, { number: 'validation.liquorLicenceNumberInvalid' }],
    [{ number: 'LIQ 123', state: 'NSW' }, { number: 'validation.liquorLicenceNumberInvalid' }],
    [{ number: '<b>123</b>', state: 'NSW' }, { number: 'validation.liquorLicenceNumberInvalid' }],
    [{ number: '12345', state: 'nsw' }, { state: 'validation.stateInvalid' }],
    [{ number: '12345', state: 'NZ' }, { state: 'validation.stateInvalid' }],
    [{ number: '12345' }, { state: 'validation.stateInvalid' }],
    [{ state: 'VIC' }, { number: 'validation.required' }],
    [{ number: 12345, state: 'VIC' }, { number: 'validation.required' }],
  ])('refuses %o with %o', (input, fields) => {
    expect(fieldsOf(input)).toEqual(fields);
  });

  it('refuses unknown keys', () => {
    expect(liquorLicenceSchema.safeParse({ number: '12345', state: 'VIC', expires: '2030' }).success).toBe(false);
  });
});

describe('hasLiquorLicence', () => {
  it.each([
    [{ liquorLicenceNumber: '12345', liquorLicenceState: 'VIC' }, true],
    [{ liquorLicenceNumber: '', liquorLicenceState: '' }, false],
    [{ liquorLicenceNumber: '12345', liquorLicenceState: '' }, false],
    [{}, false],
  ])('%o → %s', (profile, expected) => {
    expect(hasLiquorLicence(profile)).toBe(expected);
  });
});
