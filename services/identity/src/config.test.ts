import { identityEnv } from './config';

describe('identity configuration', () => {
  const base = { DATA_DIR: ':memory:' };
  it('refuses an operator email without a password, and a password without an email, by name', () => {
    const noPassword = identityEnv.safeParse({ ...base, OPERATOR_EMAIL: 'op@example.com' });
    expect(noPassword.success).toBe(false);
    expect(noPassword.error?.issues).toEqual([expect.objectContaining({ path: ['OPERATOR_PASSWORD'], message: expect.stringMatching(/OPERATOR_PASSWORD must be set when OPERATOR_EMAIL is/) })]);
    const noEmail = identityEnv.safeParse({ ...base, OPERATOR_PASSWORD: 'a long operator password' });
    expect(noEmail.error?.issues).toEqual([expect.objectContaining({ path: ['OPERATOR_EMAIL'] })]);
  });
  it('accepts both or neither (an empty value counts as unset)', () => {
    expect(identityEnv.safeParse(base).success).toBe(true);
    expect(identityEnv.safeParse({ ...base, OPERATOR_EMAIL: '', OPERATOR_PASSWORD: '' }).success).toBe(true);
    expect(identityEnv.parse({ ...base, OPERATOR_EMAIL: 'op@example.com', OPERATOR_PASSWORD: 'a long operator password' }).OPERATOR_EMAIL).toBe('op@example.com');
  });
});
