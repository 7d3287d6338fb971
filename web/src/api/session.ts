/**
 * The signed-in user and the session-changing calls (login, sign-up, logout). Only one of those
 * may run at a time (spec: "Login or logout already in progress"): a shared lock rejects a second
 * one, and `useAuthBusy` lets every button that would start one disable itself.
 */
import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, isApiError } from './client';
import { removePushSubscription } from '../lib/push';
import type { CurrentUser, LoginBody } from '@caskade/gateway/contract';
import { SESSION_MARKER_COOKIE } from '@caskade/kit/rules';
import { readCookie } from '../lib/cookies';
import { ui } from '../i18n/messages';
import { type Signup } from '@caskade/identity/domain';

export const CURRENT_USER_KEY = ['current-user'] as const;
const AUTH_MUTATION = 'auth';

/**
 * The signed-in user, or null. Without the session marker cookie there is no session to ask about:
 * an anonymous visitor's page makes no request (and logs no 401) for it (ADR 057).
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (readCookie(SESSION_MARKER_COOKIE) === null) return null;
  try {
    return await api<CurrentUser>('GET', '/api/current-user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 60_000,
    retry: (failures, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2,
  });
}

export class AuthInProgressError extends Error {
  constructor() {
    super(ui.common.authInProgress);
    this.name = 'AuthInProgressError';
  }
}

let authInFlight = false;
async function withAuthLock<T>(run: () => Promise<T>): Promise<T> {
  if (authInFlight) throw new AuthInProgressError();
  authInFlight = true;
  try {
    return await run();
  } finally {
    authInFlight = false;
  }
}

/** True while a login, sign-up or logout is running anywhere in the app. */
export const useAuthBusy = (): boolean => useIsMutating({ mutationKey: [AUTH_MUTATION] }) > 0;

/**
 * Set while a session is ending so that a protected page still on screen does not redirect to
 * sign-up in the moment between the wipe and the move to the landing page. Cleared on the next
 * navigation.
 */
let sessionEnding = false;
export const isSessionEnding = (): boolean => sessionEnding;
export const clearSessionEnding = (): void => {
  sessionEnding = false;
};
/** For a session that ends after a pause (account deletion): the guard must not redirect meanwhile. */
export const markSessionEnding = (): void => {
  sessionEnding = true;
};

/**
 * A session end scheduled for later (account deletion: the success modal shows, then the session
 * ends). It lives outside any page so that navigating away does not cancel it, but it belongs to
 * the deleted user's session only: a logout, login or sign-up cancels it, and when it fires it
 * does nothing if the signed-in user is by then someone else.
 */
let pendingSessionEnd: { timer: ReturnType<typeof setTimeout>; run: () => Promise<void> } | null = null;

/**
 * Runs `end` after `delayMs`, unless the session changes first. `currentUserId` reads who is signed
 * in when it fires: a different user than `userId` means the deleted session is long gone.
 */
export function scheduleSessionEnd(userId: string | null, currentUserId: () => string | null | undefined, end: () => Promise<void>, delayMs: number): void {
  cancelPendingSessionEnd();
  const run = (): Promise<void> => {
    const now = currentUserId();
    if (userId !== null && now != null && now !== userId) return Promise.resolve();
    return end();
  };
  pendingSessionEnd = { timer: setTimeout(() => void endPendingSessionNow(), delayMs), run };
}

/** Ends the scheduled session now (the modal's close button) instead of at the timer, once. */
export function endPendingSessionNow(): Promise<void> {
  const pending = pendingSessionEnd;
  if (!pending) return Promise.resolve();
  pendingSessionEnd = null;
  clearTimeout(pending.timer);
  return pending.run();
}

/** Drops a scheduled session end: a new session (or a logout) takes over. */
export function cancelPendingSessionEnd(): void {
  if (!pendingSessionEnd) return;
  clearTimeout(pendingSessionEnd.timer);
  pendingSessionEnd = null;
}

export const hasPendingSessionEnd = (): boolean => pendingSessionEnd !== null;

function startSession(queryClient: QueryClient, user: CurrentUser): void {
  // A deleted account's delayed logout must not end this new session.
  cancelPendingSessionEnd();
  // Anything cached for an earlier visitor must not leak into this session.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/** Wipes everything the browser holds for the session: query cache, session and local storage. */
export function wipeClientState(queryClient: QueryClient): void {
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.getMutationCache().clear();
  try {
    window.sessionStorage.clear();
    window.localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); nothing to wipe then.
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [AUTH_MUTATION, 'login'],
    mutationFn: (credentials: LoginBody) =>
      withAuthLock(() => api<CurrentUser>('POST', '/api/auth/login', credentials)),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [AUTH_MUTATION, 'signup'],
    mutationFn: (signup: Signup) => withAuthLock(() => api<CurrentUser>('POST', '/api/auth/sign-up', signup)),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

/** Ends the session locally and returns to the landing page. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (): Promise<void> => {
    sessionEnding = true;
    await navigate('/');
    wipeClientState(queryClient);
  };
}

export function useLogout() {
  const endSession = useEndSession();
  return useMutation({
    mutationKey: [AUTH_MUTATION, 'logout'],
    mutationFn: () =>
      withAuthLock(async () => {
        // This logout ends the session itself; a delayed end left from an account deletion must not fire later.
        cancelPendingSessionEnd();
        // While still signed in: the server stops pushing to this browser.
        await removePushSubscription();
        try {
          await api('POST', '/api/auth/logout');
        } catch {
          // The session may already be gone on the server; the local wipe still has to happen.
        }
        await endSession();
      }),
  });
}
