import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { emailField } from '@caskade/kit/rules';
import { usePasswordResetRequest } from '../api/account';
import { isApiError } from '../api/client';
import { pathTo } from '../app/routes';
import { AuthCard } from '../components/AuthCard';
import { FormMessage, TextField } from '../components/Field';
import { ui } from '../i18n/messages';
import { useForm } from '../lib/useForm';
import { useFormSubmit } from '../lib/useFormSubmit';
import { checkFields } from '../lib/validation';

export default function PasswordRecoveryPage() {
  const request = usePasswordResetRequest();
  const validate = useCallback((v: { email: string }) => checkFields({ email: [emailField, v.email] }), []);
  const form = useForm({ email: '' }, validate);
  const { formRef, formError, focusInvalid, submit, showError } = useFormSubmit(form);

  const send = () =>
    request.mutate(
      { email: form.values.email.trim() },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'email-not-found') {
            form.setServerErrors({ email: 'email-not-found' });
            focusInvalid();
          } else showError(error);
        },
      },
    );

  if (request.isSuccess) {
    return (
      <AuthCard title={ui.recover.sentTitle}>
        <FormMessage tone="success">{ui.recover.sent(form.values.email.trim())}</FormMessage>
        <p className="mt-6 text-sm">
          <Link to={pathTo('LoginPage')} className="link">
            {ui.recover.backToLogin}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={ui.recover.title}
      intro={ui.recover.intro}
      footer={
        <Link to={pathTo('LoginPage')} className="link">
          {ui.recover.backToLogin}
        </Link>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField label={ui.auth.email} type="email" autoComplete="email" required {...form.text('email')} />
        <button type="submit" className="btn-primary w-full py-3" disabled={request.isPending}>
          {request.isPending ? ui.recover.sending : ui.recover.submit}
        </button>
      </form>
    </AuthCard>
  );
}
