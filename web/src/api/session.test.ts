import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cancelPendingSessionEnd, endPendingSessionNow, hasPendingSessionEnd, scheduleSessionEnd } from './session';

describe('delayed session end after an account deletion', () => {
  let current: string | null;
  let ended: number;
  const end = (): Promise<void> => {
    ended += 1;
    return Promise.resolve();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    current = 'deleted-user';
    ended = 0;
  });
  afterEach(() => {
    cancelPendingSessionEnd();
    jest.useRealTimers();
  });

  it('ends the session when the timer runs out, once', () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    jest.advanceTimersByTime(2999);
    expect(ended).toBe(0);
    jest.advanceTimersByTime(1);
    expect(ended).toBe(1);
    expect(hasPendingSessionEnd()).toBe(false);
    jest.advanceTimersByTime(10_000);
    expect(ended).toBe(1);
  });

  it('ends it now from the close button, and the timer then does nothing', async () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    await endPendingSessionNow();
    expect(ended).toBe(1);
    jest.advanceTimersByTime(5000);
    expect(ended).toBe(1);
    await endPendingSessionNow();
    expect(ended).toBe(1);
  });

  it('is cancelled by a new session or a logout: the next user is not logged out', () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    cancelPendingSessionEnd(); // what login, sign-up and logout do
    current = 'next-user';
    jest.advanceTimersByTime(5000);
    expect(ended).toBe(0);
    expect(hasPendingSessionEnd()).toBe(false);
  });

  it('does nothing if someone else is signed in when it fires', () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    current = 'next-user';
    jest.advanceTimersByTime(3000);
    expect(ended).toBe(0);
  });

  it('still ends it when the cached user is already gone', () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    current = null;
    jest.advanceTimersByTime(3000);
    expect(ended).toBe(1);
  });

  it('keeps only the latest schedule', () => {
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    scheduleSessionEnd('deleted-user', () => current, end, 3000);
    jest.advanceTimersByTime(3000);
    expect(ended).toBe(1);
  });
});
