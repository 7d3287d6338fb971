import { unaryService, type Logger } from '@caskade/kit';
import type { identity } from '@caskade/proto';
import type { IdentityDeps } from '../app/deps';
import { changeEmail } from '../app/change-email';
import { changePassword } from '../app/change-password';
import { checkEmailAvailable } from '../app/check-email-available';
import { checkNameAvailable } from '../app/check-name-available';
import { deleteAccount } from '../app/delete-account';
import { getCurrentUser } from '../app/get-current-user';
import { getUsers } from '../app/get-users';
import { login } from '../app/login';
import { logout } from '../app/logout';
import { refreshSession } from '../app/refresh-session';
import { requestPasswordReset } from '../app/request-password-reset';
import { resetPassword } from '../app/reset-password';
import { sendVerificationEmail } from '../app/send-verification-email';
import { setLiquorLicence } from '../app/set-liquor-licence';
import { setUserBanned } from '../app/set-user-banned';
import { setUserType } from '../app/set-user-type';
import { signUp } from '../app/sign-up';
import { updateProfile } from '../app/update-profile';
import { verifyEmail } from '../app/verify-email';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function identityHandlers(deps: IdentityDeps, logger: Logger): identity.IdentityServiceServer {
  return unaryService<identity.IdentityServiceServer>(
    {
      signUp: (req) => signUp(deps, req),
      login: (req) => login(deps, req),
      refresh: (req) => refreshSession(deps, req),
      logout: (req) => logout(deps, req),
      getCurrentUser: (_req, ctx) => getCurrentUser(deps, ctx),
      getUsers: (req, ctx) => getUsers(deps, ctx, req),
      verifyEmail: (req) => verifyEmail(deps, req),
      sendVerificationEmail: (_req, ctx) => sendVerificationEmail(deps, ctx),
      requestPasswordReset: (req) => requestPasswordReset(deps, req),
      resetPassword: (req) => resetPassword(deps, req),
      changePassword: (req, ctx) => changePassword(deps, ctx, req),
      changeEmail: (req, ctx) => changeEmail(deps, ctx, req),
      updateProfile: (req, ctx) => updateProfile(deps, ctx, req),
      deleteAccount: (req, ctx) => deleteAccount(deps, ctx, req),
      setUserType: (req, ctx) => setUserType(deps, ctx, req),
      checkNameAvailable: (req) => checkNameAvailable(deps, req),
      checkEmailAvailable: (req) => checkEmailAvailable(deps, req),
      setUserBanned: (req, ctx) => setUserBanned(deps, ctx, req),
      setLiquorLicence: (req, ctx) => setLiquorLicence(deps, ctx, req),
    },
    logger,
  );
}
