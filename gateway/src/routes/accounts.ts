import { z } from 'zod';
import { AppError, CATEGORIES, emailField, type CallContext } from '@caskade/kit';
import { identity } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../http/cookies';
import { route, type RouteDef } from '../http/route';
import { USER_TYPES, passwordField, signupSchema, type Signup } from '@caskade/identity/domain';

/** Session calls act on the refresh cookie or the credentials alone: a stale access token beside them must not refuse them (ADR 023). */
const anonymous = (call: CallContext): CallContext => ({ requestId: call.requestId, caller: null });

const profileSchema = z.object({
  firstName: z.string(), lastName: z.string(), displayName: z.string(), abbreviatedName: z.string(), bio: z.string(),
  companyName: z.string(), abnAcn: z.string(), phoneNumber: z.string(), favouriteDrink: z.string(),
  favouriteCategories: z.array(z.string()), brandName: z.string(), businessName: z.string(), legalEntityName: z.string(),
  retailLiquorLicence: z.string(), wholesaleLiquorLicence: z.string(), address: z.string(), contactNumber: z.string(),
  published: z.boolean(),
});
export const currentUserSchema = z.object({
  id: z.uuid(), email: z.string(), emailVerified: z.boolean(), role: z.enum(['buyer', 'supplier', 'operator']),
  scopes: z.array(z.string()), banned: z.boolean(), createdAt: z.string(), profile: profileSchema,
});

const requireUser = (user: identity.User | undefined): identity.User => {
  if (!user) throw new AppError('internal');
  return user;
};

function signUpRequest(s: Signup): identity.SignUpRequest {
  const profile = identity.Profile.fromPartial({
    firstName: s.firstName, lastName: s.lastName, companyName: s.companyName, abnAcn: s.abnAcn, phoneNumber: s.phoneNumber,
    ...(s.userType === 'buyer'
      ? { favouriteCategories: s.favouriteCategories }
      : {
          favouriteDrink: s.favouriteDrink ?? '', brandName: s.brandName, businessName: s.businessName,
          legalEntityName: s.legalEntityName, retailLiquorLicence: s.retailLiquorLicence ?? '',
          wholesaleLiquorLicence: s.wholesaleLiquorLicence ?? '', address: s.address, contactNumber: s.contactNumber,
        }),
  });
  return { userType: s.userType, email: s.email, password: s.password, profile, agreeTerms: s.agreeTermsAndConditions };
}

const boundedString = (max: number) => z.string().max(max);
const profilePatchSchema = z
  .object({
    firstName: boundedString(100), lastName: boundedString(100), bio: boundedString(5000), companyName: boundedString(200),
    abnAcn: boundedString(20), phoneNumber: boundedString(30), favouriteDrink: boundedString(100),
    favouriteCategories: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length), brandName: boundedString(200),
    businessName: boundedString(200), legalEntityName: boundedString(200), retailLiquorLicence: boundedString(50),
    wholesaleLiquorLicence: boundedString(50), address: boundedString(300), contactNumber: boundedString(30),
  })
  .partial()
  .strict();

const refreshCookie = (cookies: unknown): string => {
  const value = (cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' ? value : '';
};

export function accountRoutes(clients: GatewayClients, secureCookies: boolean): RouteDef[] {
  const id = clients.identity;
  return [
    route({
      method: 'post', path: '/api/auth/sign-up', summary: 'Sign up as a buyer or supplier (logs in; sends a verification email)',
      tags: ['auth'], access: 'public', rateLimit: 'signup', body: signupSchema, response: currentUserSchema, successStatus: 201,
      handler: async ({ body, call, res }) => {
        const out = await id.signUp(signUpRequest(body), call, { deadlineMs: 15_000 });
        if (out.session) setSessionCookies(res, out.session, secureCookies);
        return { status: 201, data: requireUser(out.user) };
      },
    }),
    route({
      method: 'post', path: '/api/auth/login', summary: 'Log in with email and password', tags: ['auth'], access: 'public',
      rateLimit: 'login', accountRateLimit: 'loginAccount', body: z.object({ email: z.string().max(254), password: z.string().max(256) }).strict(), response: currentUserSchema,
      handler: async ({ body, call, res }) => {
        const out = await id.login(body, anonymous(call), { deadlineMs: 10_000 });
        if (out.session) setSessionCookies(res, out.session, secureCookies);
        return { status: 200, data: requireUser(out.user) };
      },
    }),
    route({
      method: 'post', path: '/api/auth/logout', summary: 'Log out: revoke this session and clear its cookies', tags: ['auth'], access: 'public',
      handler: async ({ req, res, call }) => {
        await id.logout({ refreshToken: refreshCookie(req.cookies) }, anonymous(call));
        clearSessionCookies(res, secureCookies);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/api/auth/refresh', summary: 'Rotate the refresh token and issue a new access token', tags: ['auth'], access: 'public',
      handler: async ({ req, res, call }) => {
        try {
          const out = await id.refresh({ refreshToken: refreshCookie(req.cookies) }, anonymous(call));
          if (out.session) setSessionCookies(res, out.session, secureCookies);
          return { status: 204 };
        } catch (err) {
          clearSessionCookies(res, secureCookies);
          throw err;
        }
      },
    }),
    route({
      method: 'get', path: '/api/current-user', summary: 'The logged-in user', tags: ['account'], access: 'user', response: currentUserSchema,
      handler: async ({ call }) => ({ status: 200, data: requireUser((await id.getCurrentUser({}, call)).user) }),
    }),
    route({
      method: 'post', path: '/api/auth/verify-email', summary: 'Verify an email address with the token from the link', tags: ['auth'],
      access: 'public', body: z.object({ token: z.string().min(1).max(200) }).strict(), response: currentUserSchema,
      handler: async ({ body, call }) => ({ status: 200, data: requireUser((await id.verifyEmail(body, call)).user) }),
    }),
    route({
      method: 'post', path: '/api/auth/send-verification-email', summary: 'Send the verification email again (at most 5 a day)',
      tags: ['auth'], access: 'user', rateLimit: 'verificationEmail',
      handler: async ({ call }) => {
        await id.sendVerificationEmail({}, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/api/auth/password-reset-request', summary: 'Email a password reset link', tags: ['auth'], access: 'public',
      rateLimit: 'passwordReset', accountRateLimit: 'passwordResetAccount', body: z.object({ email: emailField }).strict(),
      handler: async ({ body, call }) => {
        await id.requestPasswordReset(body, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/api/auth/password-reset', summary: 'Set a new password with the emailed token', tags: ['auth'], access: 'public',
      rateLimit: 'passwordReset',
      body: z.object({ email: emailField, token: z.string().min(1).max(200), newPassword: passwordField }).strict(),
      handler: async ({ body, call }) => {
        await id.resetPassword(body, call, { deadlineMs: 10_000 });
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/current-user/password', summary: 'Change password (current password required)', tags: ['account'],
      access: 'user', body: z.object({ currentPassword: z.string().min(1, { error: 'validation.required' }).max(256), newPassword: passwordField }).strict(),
      handler: async ({ body, call, res }) => {
        // Every other session is signed out; this one carries on with the fresh tokens.
        const out = await id.changePassword(body, call, { deadlineMs: 10_000 });
        if (out.session) setSessionCookies(res, out.session, secureCookies);
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/current-user/email', summary: 'Change email (current password required; verify again)', tags: ['account'],
      access: 'user', rateLimit: 'changeEmail',
      body: z.object({ email: emailField, currentPassword: z.string().min(1, { error: 'validation.required' }).max(256) }).strict(),
      response: currentUserSchema,
      handler: async ({ body, call }) => ({ status: 200, data: requireUser((await id.changeEmail(body, call, { deadlineMs: 10_000 })).user) }),
    }),
    route({
      method: 'put', path: '/api/current-user/profile', summary: 'Update profile fields', tags: ['account'], access: 'user',
      body: profilePatchSchema, response: currentUserSchema,
      handler: async ({ body, call }) => {
        const { favouriteCategories, ...rest } = body;
        const patch = identity.ProfilePatch.fromPartial({ ...rest, ...(favouriteCategories ? { favouriteCategories: { values: favouriteCategories } } : {}) });
        return { status: 200, data: requireUser((await id.updateProfile({ patch }, call)).user) };
      },
    }),
    route({
      method: 'post', path: '/api/user/delete', summary: 'Delete the account (current password required)', tags: ['account'], access: 'user',
      body: z.object({ currentPassword: z.string().min(1, { error: 'validation.required' }).max(256) }).strict(),
      handler: async ({ body, call, res }) => {
        await id.deleteAccount(body, call, { deadlineMs: 10_000 });
        clearSessionCookies(res, secureCookies);
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/user/type', summary: 'Switch between buyer and supplier (reissues the session cookies)', tags: ['account'], access: 'user',
      body: z.object({ userType: z.enum(USER_TYPES) }).strict(), response: currentUserSchema,
      handler: async ({ body, call, res }) => {
        // The role is in the access token: the switch comes with a fresh session, whose cookies replace these.
        const out = await id.setUserType(body, call);
        if (out.session) setSessionCookies(res, out.session, secureCookies);
        return { status: 200, data: requireUser(out.user) };
      },
    }),
    route({
      method: 'get', path: '/api/brands/scan-valid-name', summary: 'Is a brand or business name still free?', tags: ['brands'], access: 'public',
      rateLimit: 'nameCheck', query: z.object({ name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.companyNameTooLong' }) }).strict(),
      response: z.object({ valid: z.boolean() }),
      handler: async ({ query, call }) => ({ status: 200, data: { valid: (await id.checkNameAvailable(query, call)).available } }),
    }),
    route({
      method: 'post', path: '/api/brands/scan-valid-email', summary: 'Is an email address still free?', tags: ['brands'], access: 'public',
      rateLimit: 'nameCheck', body: z.object({ email: emailField }).strict(), response: z.object({ valid: z.boolean() }),
      handler: async ({ body, call }) => ({ status: 200, data: { valid: (await id.checkEmailAvailable(body, call)).available } }),
    }),
  ];
}
