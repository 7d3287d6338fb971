import { useCallback, useEffect, useRef } from 'react';
import { useDeleteAccount } from '../../api/account';
import { useEndSession } from '../../api/session';
import { FormMessage } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { ui } from '../../i18n/messages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { checkFields, passwordRequired } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { CurrentPasswordField } from './accountForm';

/** Spec: after deletion a success modal shows, then the user is logged out after 3 seconds. */
export const LOGOUT_DELAY_MS = 3000;

export default function DeleteAccountPage() {
  const remove = useDeleteAccount();
  const endSession = useEndSession();
  const validate = useCallback((v: { currentPassword: string }) => checkFields({ currentPassword: [passwordRequired, v.currentPassword] }), []);
  const form = useForm({ currentPassword: '' }, validate);
  const { formRef, formError, submit, showError } = useFormSubmit(form);
  const endSessionRef = useRef(endSession);
  useEffect(() => {
    endSessionRef.current = endSession;
  });

  useEffect(() => {
    if (!remove.isSuccess) return;
    const timer = window.setTimeout(() => void endSessionRef.current(), LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [remove.isSuccess]);

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
        <Modal title={ui.account.deletedTitle} onClose={() => void endSession()}>
          <p role="status" className="text-stone-700">
            {ui.account.deletedBody}
          </p>
        </Modal>
      ) : null}
    </AccountLayout>
  );
}
