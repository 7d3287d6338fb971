import { describe, expect, it } from '@jest/globals';
import { ApiError } from './client';
import { VerificationSendInProgressError, resendErrorMessage, withVerificationSendLock } from './account';

describe('verification email sending lock', () => {
  it('rejects a second send while one is in progress, then allows the next one', async () => {
    let release: () => void = () => undefined;
    const first = withVerificationSendLock(() => new Promise<string>((resolve) => (release = () => resolve('sent'))));
    await expect(withVerificationSendLock(() => Promise.resolve('again'))).rejects.toThrow('Verification email sending already in progress');
    release();
    await expect(first).resolves.toBe('sent');
    await expect(withVerificationSendLock(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('releases the lock when the send fails', async () => {
    await expect(withVerificationSendLock(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withVerificationSendLock(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('words the in-progress rejection with the spec message', () => {
    expect(resendErrorMessage(new VerificationSendInProgressError())).toBe('Verification email sending already in progress');
    expect(resendErrorMessage(new ApiError(429, 'email-too-many-verification-requests', 'Too many'))).toMatch(/maximum 5 per day/);
    expect(resendErrorMessage(new Error('x'))).toBe('We couldn’t send the verification email. Please try again.');
  });
});
