import { useCallback } from 'react';
import { emailField, formatPhone, formatPhoneInput, phoneField, toE164Phone } from '@caskade/kit/rules';
import { resendErrorMessage, useChangeEmail, useResendVerification, useUpdateProfile } from '../../api/account';
import { isApiError } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import type { CurrentUser } from '@caskade/gateway/contract';
import { FormMessage, TextField } from '../../components/Field';
import { LiquorLicenceForm } from '../../components/account/LiquorLicenceForm';
import { LimitedAccessNotice, mayChange } from '../../components/account/LimitedAccessNotice';
import { Spinner } from '../../components/Spinner';
import { liquorLicenceUi } from '../../i18n/liquorLicenceMessages';
import { ui } from '../../i18n/messages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { checkFields, passwordRequired } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { CurrentPasswordField, SaveButton } from './accountForm';

export default function ContactDetailsPage() {
  const { data: user } = useCurrentUser();
  return (
    <AccountLayout title={ui.account.contactTitle}>
      {user ? (
        <>
          {mayChange(user, 'changeEmail') ? (
            <EmailForm key={user.id} user={user} />
          ) : (
            <>
              <LimitedAccessNotice />
              <SettingsCard title={ui.account.emailSection}>
                <p className="text-stone-800 [overflow-wrap:anywhere]">{user.email}</p>
              </SettingsCard>
            </>
          )}
          <PhoneForm key={user.id} user={user} />
          {user.role === 'buyer' ? (
            <SettingsCard title={liquorLicenceUi.section} description={liquorLicenceUi.description}>
              <LiquorLicenceForm key={user.id} />
            </SettingsCard>
          ) : null}
        </>
      ) : (
        <Spinner />
      )}
    </AccountLayout>
  );
}

function EmailForm({ user }: { user: CurrentUser }) {
  const change = useChangeEmail();
  const resend = useResendVerification();
  const validate = useCallback(
    (v: { email: string; currentPassword: string }) => checkFields({ email: [emailField, v.email], currentPassword: [passwordRequired, v.currentPassword] }),
    [],
  );
  const form = useForm({ email: user.email, currentPassword: '' }, validate);
  const { formRef, formError, saved, setSaved, focusInvalid, submit, showError } = useFormSubmit(form);
  const changed = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const send = () =>
    change.mutate(
      { email: form.values.email.trim(), currentPassword: form.values.currentPassword },
      {
        onSuccess: (updated) => {
          form.reset({ email: updated.email, currentPassword: '' });
          setSaved(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'email-taken') form.setServerErrors({ email: 'email-taken' });
          else showError(error);
          focusInvalid();
        },
      },
    );

  return (
    <SettingsCard
      title={ui.account.emailSection}
      description={
        <span className="inline-flex max-w-full flex-wrap items-center gap-2">
          <span className="min-w-0 [overflow-wrap:anywhere]">{user.email}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${user.emailVerified ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}>
            {user.emailVerified ? ui.account.emailVerified : ui.account.emailUnverified}
          </span>
        </span>
      }
    >
      {saved ? <FormMessage tone="success">{ui.account.emailSaved}</FormMessage> : null}
      {!user.emailVerified && !saved ? (
        <div className="mb-5 grid gap-2">
          {resend.isSuccess ? <FormMessage tone="success">{ui.verify.resent}</FormMessage> : null}
          {resend.isError ? <FormMessage tone="error">{resendErrorMessage(resend.error)}</FormMessage> : null}
          <button type="button" className="btn-secondary justify-self-start" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? ui.verify.resending : ui.verify.resend}
          </button>
        </div>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit(send)} className="mt-4 grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField label={ui.account.newEmail} type="email" autoComplete="email" required {...form.text('email')} />
        {changed ? <CurrentPasswordField hint={ui.account.currentPasswordForEmail} {...form.text('currentPassword')} /> : null}
        <SaveButton label={ui.account.saveEmail} pending={change.isPending} disabled={!changed} />
      </form>
    </SettingsCard>
  );
}

function PhoneForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const validate = useCallback((v: { phoneNumber: string }) => checkFields({ phoneNumber: [phoneField, v.phoneNumber] }), []);
  const form = useForm({ phoneNumber: formatPhone(user.profile.phoneNumber) }, validate);
  const { formRef, formError, saved, setSaved, submit, showError } = useFormSubmit(form);
  const changed = toE164Phone(form.values.phoneNumber) !== user.profile.phoneNumber;

  const send = () =>
    update.mutate(
      { phoneNumber: form.values.phoneNumber.trim() },
      {
        onSuccess: (updated) => {
          form.reset({ phoneNumber: formatPhone(updated.profile.phoneNumber) });
          setSaved(true);
        },
        onError: (error) => showError(error),
      },
    );

  return (
    <SettingsCard title={ui.account.phoneSection}>
      <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {saved ? <FormMessage tone="success">{ui.account.phoneSaved}</FormMessage> : null}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField label={ui.auth.phone} type="tel" autoComplete="tel" inputMode="tel" required hint={ui.auth.phoneHint} {...form.text('phoneNumber', formatPhoneInput)} />
        <SaveButton label={ui.account.savePhone} pending={update.isPending} disabled={!changed} />
      </form>
    </SettingsCard>
  );
}
