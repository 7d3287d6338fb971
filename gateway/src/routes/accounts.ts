import { AppError, type CallContext } from '@caskade/kit';
import { identity } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../http/cookies';
import { route, type RouteDef } from '../http/route';
import { signupSchema, type Signup } from '@caskade/identity/domain';
import {
  availabilitySchema, changeEmailBody, changePasswordBody, currentUserSchema, deleteAccountBody, emailCheckBody, loginBody, nameCheckQuery,
  liquorLicenceBody, passwordResetBody, passwordResetRequestBody, profilePatchBody, userTypeBody, verifyEmailBody,
} from '../contract';

/** Session calls act on the refresh cookie or the credentials alone: a stale access token beside them must not refuse them (ADR 023). */
const anonymous = (call: CallContext): CallContext => ({ requestId: call.requestId, caller: null });

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
      rateLimit: 'login', accountRateLimit: 'loginAccount', accountRateLimitCounts: 'failures', body: loginBody, response: currentUserSchema,
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
      access: 'public', body: verifyEmailBody, response: currentUserSchema,
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
      rateLimit: 'passwordReset', accountRateLimit: 'passwordResetAccount', body: passwordResetRequestBody,
      handler: async ({ body, call }) => {
        await id.requestPasswordReset(body, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/api/auth/password-reset', summary: 'Set a new password with the emailed token', tags: ['auth'], access: 'public',
      rateLimit: 'passwordReset',
      body: passwordResetBody,
      handler: async ({ body, call }) => {
        await id.resetPassword(body, call, { deadlineMs: 10_000 });
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/current-user/password', summary: 'Change password (current password required)', tags: ['account'],
      access: 'user', body: changePasswordBody,
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
      body: changeEmailBody,
      response: currentUserSchema,
      handler: async ({ body, call }) => ({ status: 200, data: requireUser((await id.changeEmail(body, call, { deadlineMs: 10_000 })).user) }),
    }),
    route({
      method: 'put', path: '/api/current-user/profile', summary: 'Update profile fields', tags: ['account'], access: 'user',
      body: profilePatchBody, response: currentUserSchema,
      handler: async ({ body, call }) => {
        const { favouriteCategories, ...rest } = body;
        const patch = identity.ProfilePatch.fromPartial({ ...rest, ...(favouriteCategories ? { favouriteCategories: { values: favouriteCategories } } : {}) });
        return { status: 200, data: requireUser((await id.updateProfile({ patch }, call)).user) };
      },
    }),
    route({
      method: 'put', path: '/api/current-user/liquor-licence', summary: 'Set or replace a buyer’s liquor licence (needed to buy liquor)', tags: ['account'],
      access: 'user', body: liquorLicenceBody, response: currentUserSchema,
      handler: async ({ body, call }) => ({ status: 200, data: requireUser((await id.setLiquorLicence(body, call)).user) }),
    }),
    route({
      method: 'post', path: '/api/user/delete', summary: 'Delete the account (current password required)', tags: ['account'], access: 'user',
      body: deleteAccountBody,
      handler: async ({ body, call, res }) => {
        await id.deleteAccount(body, call, { deadlineMs: 10_000 });
        clearSessionCookies(res, secureCookies);
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/user/type', summary: 'Switch between buyer and supplier (reissues the session cookies)', tags: ['account'], access: 'user',
      body: userTypeBody, response: currentUserSchema,
      handler: async ({ body, call, res }) => {
        // The role is in the access token: the switch comes with a fresh session, whose cookies replace these.
        const out = await id.setUserType(body, call);
        if (out.session) setSessionCookies(res, out.session, secureCookies);
        return { status: 200, data: requireUser(out.user) };
      },
    }),
    route({
      method: 'get', path: '/api/brands/scan-valid-name', summary: 'Is a brand or business name still free?', tags: ['brands'], access: 'public',
      rateLimit: 'nameCheck', query: nameCheckQuery,
      response: availabilitySchema,
      handler: async ({ query, call }) => ({ status: 200, data: { valid: (await id.checkNameAvailable(query, call)).available } }),
    }),
    route({
      method: 'post', path: '/api/brands/scan-valid-email', summary: 'Is an email address still free?', tags: ['brands'], access: 'public',
      rateLimit: 'nameCheck', body: emailCheckBody, response: availabilitySchema,
      handler: async ({ body, call }) => ({ status: 200, data: { valid: (await id.checkEmailAvailable(body, call)).available } }),
    }),
  ];
}
