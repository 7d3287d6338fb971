/**
 * The account HTTP contract: the current user and profile the gateway answers and the bodies it
 * parses for the session and account calls (sign-up is identity's `signupSchema`).
 */
import { z } from 'zod';
import { CATEGORIES, ROLES, emailField } from '@caskade/kit/rules';
import { USER_TYPES, passwordField, type ProfileData } from '@caskade/identity/domain';

export const profileSchema = z.object({
  firstName: z.string(), lastName: z.string(), displayName: z.string(), abbreviatedName: z.string(), bio: z.string(),
  companyName: z.string(), abnAcn: z.string(), phoneNumber: z.string(), favouriteDrink: z.string(),
  favouriteCategories: z.array(z.string()), brandName: z.string(), businessName: z.string(), legalEntityName: z.string(),
  retailLiquorLicence: z.string(), wholesaleLiquorLicence: z.string(), address: z.string(), contactNumber: z.string(),
  published: z.boolean(),
  /** A buyer's liquor licence (ADR 042); both empty when none is on file. */
  liquorLicenceNumber: z.string(), liquorLicenceState: z.string(),
});
export const currentUserSchema = z.object({
  id: z.uuid(), email: z.string(), emailVerified: z.boolean(), role: z.enum(ROLES),
  scopes: z.array(z.string()), banned: z.boolean(), createdAt: z.string(), profile: profileSchema,
});

const boundedString = (max: number) => z.string().max(max, { error: 'validation.tooLong' });
/** Bounds only: identity checks each field in full (its `profilePatchSchema`) and answers the field errors. */
export const profilePatchBody = z
  .object({
    firstName: boundedString(100), lastName: boundedString(100), bio: boundedString(5000), companyName: boundedString(200),
    abnAcn: boundedString(20), phoneNumber: boundedString(30), favouriteDrink: boundedString(100),
    favouriteCategories: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length), brandName: boundedString(200),
    businessName: boundedString(200), legalEntityName: boundedString(200), retailLiquorLicence: boundedString(50),
    wholesaleLiquorLicence: boundedString(50), address: boundedString(300), contactNumber: boundedString(30),
  })
  .partial()
  .strict();

/** Bounds only: identity checks the licence in full (its `liquorLicenceSchema`) and answers the field errors. */
export const liquorLicenceBody = z.object({ number: boundedString(100), state: boundedString(10) }).strict();

const currentPassword = z.string().min(1, { error: 'validation.required' }).max(256);
export const loginBody = z.object({ email: z.string().max(254), password: z.string().max(256) }).strict();
export const verifyEmailBody = z.object({ token: z.string().min(1).max(200) }).strict();
export const passwordResetRequestBody = z.object({ email: emailField }).strict();
export const passwordResetBody = z.object({ email: emailField, token: z.string().min(1).max(200), newPassword: passwordField }).strict();
export const changePasswordBody = z.object({ currentPassword, newPassword: passwordField }).strict();
export const changeEmailBody = z.object({ email: emailField, currentPassword }).strict();
export const deleteAccountBody = z.object({ currentPassword }).strict();
export const userTypeBody = z.object({ userType: z.enum(USER_TYPES) }).strict();
export const nameCheckQuery = z.object({ name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.companyNameTooLong' }) }).strict();
export const emailCheckBody = z.object({ email: emailField }).strict();
export const availabilitySchema = z.object({ valid: z.boolean() });

export type Profile = z.output<typeof profileSchema>;
export type CurrentUser = z.output<typeof currentUserSchema>;
export type ProfilePatchBody = z.input<typeof profilePatchBody>;
export type LiquorLicenceBody = z.input<typeof liquorLicenceBody>;
export type LoginBody = z.input<typeof loginBody>;
export type PasswordResetBody = z.input<typeof passwordResetBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type ChangeEmailBody = z.input<typeof changeEmailBody>;
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** The answered profile is identity's stored one plus the derived names: a field added there and not here fails to compile. */
type Covers<T, U extends T> = U;
type _ProfileCoversStored = Covers<ProfileData, Profile>;
