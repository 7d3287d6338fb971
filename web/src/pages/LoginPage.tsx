import { useCallback } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { emailField } from '@caskade/kit/rules';
import { isApiError } from '../api/client';
import { useAuthBusy, useCurrentUser, useLogin } from '../api/session';
import { pathTo } from '../app/routes';
import { AuthCard } from '../components/AuthCard';
import { FormMessage, TextField } from '../components/Field';
import { errorCodeMessage, ui } from '../i18n/messages';
import { homePathFor, readRedirectTarget } from '../lib/redirect';
import { useForm } from '../lib/useForm';
import { useFormSubmit } from '../lib/useFormSubmit';
import { checkFields, passwordRequired } from '../lib/validation';

export default function LoginPage() {
  const location = useLocation();
  const returnTo = readRedirectTarget(location.state);
  const { data: user } = useCurrentUser();
  const login = useLogin();
  const busy = useAuthBusy();
  const validate = useCallback(
    (v: { email: string; password: string }) => checkFields({ email: [emailField, v.email], password: [passwordRequired, v.password] }),
    [],
  );
  const form = useForm({ email: '', password: '' }, validate);
  const { formRef, formError, setFormError, submit } = useFormSubmit(form);

  if (user) return <Navigate to={returnTo ?? homePathFor(user.role)} replace />;

  const send = () => {
    if (busy) return;
    login.mutate(
      { email: form.values.email.trim(), password: form.values.password },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'validation-invalid-params') form.setServerErrors(error.fields);
          setFormError(isApiError(error) ? errorCodeMessage(error.code) : error.message);
        },
      },
    );
  };

  return (
    <AuthCard
      title={ui.auth.loginTitle}
      intro={ui.auth.loginIntro}
      footer={
        <>
          {ui.auth.noAccount}{' '}
          <Link to={pathTo('BuyerSignupPage')} state={location.state} className="link">
            {ui.auth.signupBuyerLink}
          </Link>{' '}
          ·{' '}
          <Link to={pathTo('SupplierSignupPage')} state={location.state} className="link">
            {ui.auth.signupSupplierLink}
          </Link>
        </>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField label={ui.auth.email} type="email" autoComplete="email" required {...form.text('email')} />
        <TextField label={ui.auth.password} type="password" autoComplete="current-password" required {...form.text('password')} />
        <div className="-mt-2 text-right text-sm">
          <Link to={pathTo('PasswordRecoveryPage')} className="link">
            {ui.auth.forgotPassword}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
          {login.isPending ? ui.auth.loggingIn : ui.auth.loginSubmit}
        </button>
      </form>
    </AuthCard>
  );
}
