/** Account calls other than the session ones: verification, recovery, contact details, password, deletion. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';
import { CURRENT_USER_KEY, endPendingSessionNow, markSessionEnding, scheduleSessionEnd, useEndSession } from './session';
import type { ChangeEmailBody, ChangePasswordBody, CurrentUser, DeleteAccountBody, PasswordResetBody, ProfilePatchBody } from '@caskade/gateway/contract';
import { ui } from '../i18n/messages';

/** A second verification email asked for while one is being sent (spec calls §2). */
export class VerificationSendInProgressError extends Error {
  constructor() {
    super(ui.verify.sendingInProgress);
    this.name = 'VerificationSendInProgressError';
  }
}

let verificationSendInFlight = false;
/**
 * One verification email send at a time across the app (the reminder, the verification page and
 * contact details each have a button): a concurrent one is rejected, like the login/logout lock.
 */
export async function withVerificationSendLock<T>(run: () => Promise<T>): Promise<T> {
  if (verificationSendInFlight) throw new VerificationSendInProgressError();
  verificationSendInFlight = true;
  try {
    return await run();
  } finally {
    verificationSendInFlight = false;
  }
}

export function useResendVerification() {
  return useMutation({
    mutationKey: ['send-verification-email'],
    mutationFn: () => withVerificationSendLock(() => api('POST', '/api/auth/send-verification-email')),
  });
}

/** Wording for a failed resend: the daily limit gets its own message (spec resendFailedTooManyRequests). */
export function resendErrorMessage(error: unknown): string {
  if (error instanceof VerificationSendInProgressError) return error.message;
  if (isApiError(error) && (error.status === 429 || error.code === 'email-too-many-verification-requests')) {
    return ui.verify.resendFailedTooManyRequests;
  }
  return ui.verify.resendFailed;
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<CurrentUser>('POST', '/api/auth/verify-email', { token }),
    onSuccess: (user) => {
      const current = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
      if (current?.id === user.id) queryClient.setQueryData(CURRENT_USER_KEY, user);
      else void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

/** Mutations that answer the updated current user keep the cached one in step. */
function useUserUpdate<TBody>(method: 'PUT' | 'POST', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api<CurrentUser>(method, path, body),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export const useChangeEmail = () => useUserUpdate<ChangeEmailBody>('PUT', '/api/current-user/email');
export const useUpdateProfile = () => useUserUpdate<ProfilePatchBody>('PUT', '/api/current-user/profile');

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) => api('PUT', '/api/current-user/password', body),
  });

/** Spec: after deletion a success modal shows, then the user is logged out after 3 seconds. */
export const LOGOUT_DELAY_MS = 3000;

/**
 * Ends the session of a deleted account now (the modal's close button) or when the timer runs out,
 * whichever comes first, once. The timer lives outside the page on purpose: nothing that unmounts
 * the page (a redirect, a navigation) may cancel the wipe and the move to the landing page. A new
 * session (login, sign-up) or a logout does cancel it (see `scheduleSessionEnd`).
 */
export function endDeletedSession(): Promise<void> {
  return endPendingSessionNow();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api('POST', '/api/user/delete', body),
    onSuccess: () => {
      // The account is gone: a refetch of the current user would answer "nobody" and the login
      // guard would send the page to sign-up. Mark the session as ending so the guard holds, and
      // keep the cached user fresh so that focus and mount refetches do not run during the pause.
      markSessionEnding();
      void queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
      if (user) queryClient.setQueryData(CURRENT_USER_KEY, user);
      scheduleSessionEnd(user?.id ?? null, () => queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id, endSession, LOGOUT_DELAY_MS);
    },
  });
}

export const usePasswordResetRequest = () =>
  useMutation({ mutationFn: (body: { email: string }) => api('POST', '/api/auth/password-reset-request', body) });

export const usePasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetBody) => api('POST', '/api/auth/password-reset', body) });
