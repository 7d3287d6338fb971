import { defineEvent, SessionsRevoked } from '@caskade/kit';
import { identityEvents } from '@caskade/proto';

/** Identity's events: each subject is written here once (docs/events.md lists them). */
export const UserSignedUp = defineEvent('identity.user.signed_up', identityEvents.UserSignedUp);
export const VerificationRequested = defineEvent('identity.user.verification_requested', identityEvents.VerificationEmailRequested);
export const PasswordResetRequested = defineEvent('identity.user.password_reset_requested', identityEvents.PasswordResetRequested);
export const UserEmailChanged = defineEvent('identity.user.email_changed', identityEvents.UserEmailChanged);
export const UserProfileChanged = defineEvent('identity.user.profile_changed', identityEvents.UserProfileChanged);
export const UserDeleted = defineEvent('identity.user.deleted', identityEvents.UserDeleted);
// Consumed by every service's session guard, so the kit defines it.
export { SessionsRevoked };

export const IDENTITY_EVENTS = [UserSignedUp, VerificationRequested, PasswordResetRequested, UserEmailChanged, UserProfileChanged, UserDeleted, SessionsRevoked] as const;
