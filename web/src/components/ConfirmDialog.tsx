/**
 * The confirm popup of the spec: Yes and No by default; while the Yes action runs it cannot be
 * closed (Escape, the close button and No are disabled).
 */
import type { ReactNode } from 'react';
import { ui } from '../i18n/messages';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  yesLabel?: string;
  noLabel?: string;
  tone?: 'danger' | 'primary';
  /** Where focus goes on close when the control that opened the dialog has gone (Modal's returnFocus). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function ConfirmDialog({ title, children, onConfirm, onCancel, busy = false, yesLabel = ui.common.yes, noLabel = ui.common.no, tone = 'danger', returnFocus }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} dismissible={!busy} {...(returnFocus ? { returnFocus } : {})}>
      {children ? <div className="text-sm text-stone-700">{children}</div> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy} data-autofocus="">
          {noLabel}
        </button>
        <button type="button" className={tone === 'danger' ? 'btn-danger' : 'btn-primary'} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {yesLabel}
        </button>
      </div>
    </Modal>
  );
}
