import { useCallback } from 'react';
import { useChangePassword } from '../../api/account';
import { useCurrentUser } from '../../api/session';
import { LimitedAccessNotice, mayChange } from '../../components/account/LimitedAccessNotice';
import { FormMessage, TextField } from '../../components/Field';
import { ui } from '../../i18n/messages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { checkFields, mergeErrors, newPasswordErrors, passwordRequired } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { CurrentPasswordField, SaveButton } from './accountForm';

type PasswordValues = { currentPassword: string; newPassword: string; newPasswordConfirm: string };
const empty: PasswordValues = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

export default function PasswordChangePage() {
  const { data: user } = useCurrentUser();
  if (user && !mayChange(user, 'changePassword')) {
    return (
      <AccountLayout title={ui.account.passwordTitle}>
        <LimitedAccessNotice />
      </AccountLayout>
    );
  }
  return <PasswordChangeForm />;
}

function PasswordChangeForm() {
  const change = useChangePassword();
  const validate = useCallback(
    (v: PasswordValues) =>
      mergeErrors(checkFields({ currentPassword: [passwordRequired, v.currentPassword] }), newPasswordErrors(v.newPassword, v.newPasswordConfirm)),
    [],
  );
  const form = useForm<PasswordValues>(empty, validate);
  const { formRef, formError, saved, setSaved, submit, showError } = useFormSubmit(form);

  const send = () =>
    change.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      {
        onSuccess: () => {
          form.reset(empty);
          setSaved(true);
        },
        onError: (error) => showError(error, { focusFields: true }),
      },
    );

  return (
    <AccountLayout title={ui.account.passwordTitle}>
      <SettingsCard title={ui.account.passwordCardTitle} description={ui.account.passwordCardBody}>
        <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
          {saved ? <FormMessage tone="success">{ui.account.passwordSaved}</FormMessage> : null}
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <CurrentPasswordField {...form.text('currentPassword')} />
          <TextField label={ui.account.newPassword} type="password" autoComplete="new-password" required hint={ui.auth.passwordHint} {...form.text('newPassword')} />
          <TextField label={ui.account.newPasswordConfirm} type="password" autoComplete="new-password" required {...form.text('newPasswordConfirm')} />
          <SaveButton label={ui.account.savePassword} pending={change.isPending} />
        </form>
      </SettingsCard>
    </AccountLayout>
  );
}
