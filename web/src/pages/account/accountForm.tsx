/** Pieces the account settings forms share. */
import type { ReactNode } from 'react';
import { TextField } from '../../components/Field';
import { ui } from '../../i18n/messages';
import type { FieldProps } from '../../lib/useForm';

/** The account's current password, asked before a sensitive change. */
export function CurrentPasswordField({ hint, ...field }: FieldProps & { hint?: ReactNode }) {
  return <TextField label={ui.account.currentPassword} type="password" autoComplete="current-password" required hint={hint} {...field} />;
}

/** A settings form's submit button: "Saving…" while the call runs. */
export function SaveButton({ label, pending, disabled = false }: { label: string; pending: boolean; disabled?: boolean }) {
  return (
    <div>
      <button type="submit" className="btn-primary" disabled={disabled || pending}>
        {pending ? ui.common.saving : label}
      </button>
    </div>
  );
}
