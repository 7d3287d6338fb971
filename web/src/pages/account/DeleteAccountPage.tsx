import { useCallback } from 'react';
import { endDeletedSession, useDeleteAccount } from '../../api/account';
import { useCurrentUser } from '../../api/session';
import { LimitedAccessNotice, mayChange } from '../../components/account/LimitedAccessNotice';
import { FormMessage } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { ui } from '../../i18n/messages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { checkFields, passwordRequired } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { CurrentPasswordField } from './accountForm';

/** Spec: after deletion a success modal shows, then the user is logged out after 3 seconds (see useDeleteAccount). */
export default function DeleteAccountPage() {
  const { data: user } = useCurrentUser();
  if (user && !mayChange(user, 'deleteAccount')) {
    return (
      <AccountLayout title={ui.account.deleteTitle}>
        <LimitedAccessNotice />
      </AccountLayout>
    );
  }
  return <DeleteAccountForm />;
}

function DeleteAccountForm() {
  const remove = useDeleteAccount();
  const validate = useCallback((v: { currentPassword: string }) => checkFields({ currentPassword: [passwordRequired, v.currentPassword] }), []);
  const form = useForm({ currentPassword: '' }, validate);
  const { formRef, formError, submit, showError } = useFormSubmit(form);

  const send = () => remove.mutate({ currentPassword: form.values.currentPassword }, { onError: (error) => showError(error, { focusFields: true }) });

  return (
    <AccountLayout title={ui.account.deleteTitle}>
      <SettingsCard title={ui.account.deleteCardTitle} description={ui.account.deleteIntro}>
        <form ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <CurrentPasswordField hint={ui.account.deleteConfirm} {...form.text('currentPassword')} />
          <div>
            <button type="submit" className="btn-danger" disabled={remove.isPending || remove.isSuccess}>
              {remove.isPending ? ui.account.deleting : ui.account.deleteSubmit}
            </button>
          </div>
        </form>
      </SettingsCard>
      {remove.isSuccess ? (
        <Modal title={ui.account.deletedTitle} onClose={() => void endDeletedSession()}>
          <p role="status" className="text-stone-700">
            {ui.account.deletedBody}
          </p>
        </Modal>
      ) : null}
    </AccountLayout>
  );
}
