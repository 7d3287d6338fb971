import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePasswordReset } from '../api/account';
import { isApiError } from '../api/client';
import { pathTo } from '../app/routes';
import { AuthCard } from '../components/AuthCard';
import { FormMessage, TextField } from '../components/Field';
import { ui } from '../i18n/messages';
import { useForm } from '../lib/useForm';
import { useFormSubmit } from '../lib/useFormSubmit';
import { newPasswordErrors } from '../lib/validation';

type ResetValues = { newPassword: string; newPasswordConfirm: string };

/** /reset-password?email=…&token=… from the reset email. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const reset = usePasswordReset();
  const [tokenInvalid, setTokenInvalid] = useState(false);
  const validate = useCallback((v: ResetValues) => newPasswordErrors(v.newPassword, v.newPasswordConfirm), []);
  const form = useForm<ResetValues>({ newPassword: '', newPasswordConfirm: '' }, validate);
  const { formRef, formError, submit, showError } = useFormSubmit(form);

  if (!email || !token || tokenInvalid) {
    return (
      <AuthCard title={ui.recover.resetTitle}>
        <FormMessage tone="error">{tokenInvalid ? ui.recover.resetInvalid : ui.recover.missingParams}</FormMessage>
        <Link to={pathTo('PasswordRecoveryPage')} className="btn-primary mt-6 w-full">
          {ui.recover.requestNew}
        </Link>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={ui.recover.resetTitle}>
        <FormMessage tone="success">{ui.recover.resetDone}</FormMessage>
        <Link to={pathTo('LoginPage')} className="btn-primary mt-6 w-full">
          {ui.auth.loginSubmit}
        </Link>
      </AuthCard>
    );
  }

  const send = () =>
    reset.mutate(
      { email, token, newPassword: form.values.newPassword },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'auth-token-invalid') setTokenInvalid(true);
          else showError(error);
        },
      },
    );

  return (
    <AuthCard title={ui.recover.resetTitle} intro={email}>
      <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField label={ui.recover.newPassword} type="password" autoComplete="new-password" required hint={ui.auth.passwordHint} {...form.text('newPassword')} />
        <TextField label={ui.recover.newPasswordConfirm} type="password" autoComplete="new-password" required {...form.text('newPasswordConfirm')} />
        <button type="submit" className="btn-primary w-full py-3" disabled={reset.isPending}>
          {reset.isPending ? ui.common.saving : ui.recover.resetSubmit}
        </button>
      </form>
    </AuthCard>
  );
}
