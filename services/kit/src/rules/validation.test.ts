import { z } from 'zod';
import { emailField, fieldErrors, MSG, queryInt, requiredText } from './validation';

const errorsOf = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error);
};

describe('fieldErrors: every field answers a message key, never zod’s English', () => {
  const schema = z.strictObject({
    name: z.string(),
    code: z.string().min(3),
    count: z.number().int().min(1).max(10),
    flag: z.boolean(),
    tags: z.array(z.string()).max(1),
    nested: z.strictObject({ inner: z.string() }).optional(),
  });

  it('maps a missing field to required, a wrong type or range to invalidValue, too long to tooLong, an unknown key to unknownField', () => {
    expect(errorsOf(schema, { code: 'ab', count: 0, flag: 'yes', tags: ['a', 'b'], extra: 1, nested: { inner: 'x', deeper: true } })).toEqual({
      name: MSG.required,
      code: MSG.invalidValue,
      count: MSG.invalidValue,
      flag: MSG.invalidValue,
      tags: MSG.tooLong,
      extra: MSG.unknownField,
      'nested.deeper': MSG.unknownField,
    });
    expect(errorsOf(schema, { name: 5, code: 'abc', count: 11.5, flag: true, tags: [] })).toEqual({ name: MSG.invalidValue, count: MSG.invalidValue });
  });

  it('keeps a schema’s own message', () => {
    expect(errorsOf(z.object({ title: requiredText(5) }), { title: 'too long here' })).toEqual({ title: MSG.tooLong });
    expect(errorsOf(z.object({ n: z.number({ error: 'validation.own' }) }), { n: 'x' })).toEqual({ n: 'validation.own' });
  });

  it('the shared text fields tell a missing value (required) from one of the wrong type (invalidValue)', () => {
    const form = z.object({ title: requiredText(20), email: emailField });
    expect(errorsOf(form, {})).toEqual({ title: MSG.required, email: MSG.required });
    expect(errorsOf(form, { title: '  ', email: '' })).toEqual({ title: MSG.required, email: MSG.required });
    expect(errorsOf(form, { title: 3000, email: ['a@b.co'] })).toEqual({ title: MSG.invalidValue, email: MSG.invalidValue });
  });

  it('names the whole input `_` when it is not an object', () => {
    expect(errorsOf(schema, 'text')).toEqual({ _: MSG.invalidValue });
  });
});

describe('queryInt', () => {
  const page = queryInt(1, 1000, 1);
  it('takes plain digits within range, and the fallback when absent', () => {
    expect([page.parse('1'), page.parse('16'), page.parse('1000'), page.parse(undefined)]).toEqual([1, 16, 1000, 1]);
  });
  it.each(['0x10', '1e1', ' 5', '', '-1', '0', '1001', '1.5', 'abc', '0010000000000'])('refuses %j with invalidValue', (raw) => {
    const out = page.safeParse(raw);
    expect(out.success ? 'accepted' : out.error.issues.map((i) => i.message)).toEqual([MSG.invalidValue]);
  });
});
