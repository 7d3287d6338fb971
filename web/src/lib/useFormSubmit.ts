/**
 * The submit side of a small form: the form element (to focus its first invalid field), a
 * form-level error and a "saved" flag. `submit` runs the client rules before calling the server;
 * `showError` maps a failed call onto the fields or the form-level message.
 */
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../api/client';
import { errorCodeMessage, ui } from '../i18n/messages';
import { focusFirstInvalid } from './focus';
import type { FieldErrors } from './validation';

interface SubmittableForm {
  /** Runs the client rules; returns false when the form may not be sent. */
  attemptSubmit: () => boolean;
  setServerErrors: (errors: FieldErrors) => void;
}

export function useFormSubmit(form: SubmittableForm) {
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const focusInvalid = () => focusFirstInvalid(formRef.current);

  /** An onSubmit handler: clears the last outcome, then calls `send` only when the client rules pass. */
  const submit = (send: () => void) => (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setSaved(false);
    if (!form.attemptSubmit()) {
      focusInvalid();
      return;
    }
    send();
  };

  /**
   * A failed call: `validation-invalid-params` puts the server's messages on their fields (focusing
   * the first one with `focusFields`); any other failure becomes the form-level message.
   */
  const showError = (error: Error, { focusFields = false } = {}) => {
    if (isApiError(error) && error.code === 'validation-invalid-params') {
      form.setServerErrors(error.fields);
      if (focusFields) focusInvalid();
    } else setFormError(isApiError(error) ? errorCodeMessage(error.code) : ui.common.genericError);
  };

  return { formRef, formError, setFormError, saved, setSaved, focusInvalid, submit, showError };
}
