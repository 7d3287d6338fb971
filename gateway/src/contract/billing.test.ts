import { BILLING_MAX_LENGTH, billingInput } from './buying';

const valid = { addressLine1: '12 Brewery Lane', addressLine2: '', postal: '3777', city: 'Healesville', state: 'VIC', country: 'Australia' };

/** The message key the parse answers for one field, or undefined when the body parses. */
function keyFor(body: Record<string, unknown>, field: string): string | undefined {
  const parsed = billingInput.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('billing details', () => {
  test('a complete billing address parses', () => {
    expect(billingInput.safeParse(valid).success).toBe(true);
  });

  test.each([
    ['addressLine1', 'addressLine1Required'],
    ['postal', 'postalCodeRequired'],
    ['city', 'cityRequired'],
    ['country', 'countryRequired'],
  ] as const)('a missing or blank %s answers %s', (field, key) => {
    const { [field]: _dropped, ...rest } = valid;
    expect(keyFor(rest, field)).toBe(key);
    expect(keyFor({ ...valid, [field]: '   ' }, field)).toBe(key);
  });

  test.each(Object.keys(BILLING_MAX_LENGTH) as (keyof typeof BILLING_MAX_LENGTH)[])('a too-long %s answers validation.tooLong, not its required key', (field) => {
    const max = BILLING_MAX_LENGTH[field];
    expect(keyFor({ ...valid, [field]: 'x'.repeat(max) }, field)).toBeUndefined();
    expect(keyFor({ ...valid, [field]: 'x'.repeat(max + 1) }, field)).toBe('validation.tooLong');
  });

  test('a 600-character street address is too long, not missing (QA: it was worded "Enter the street address.")', () => {
    expect(keyFor({ ...valid, addressLine1: 'a'.repeat(600) }, 'addressLine1')).toBe('validation.tooLong');
  });
});
