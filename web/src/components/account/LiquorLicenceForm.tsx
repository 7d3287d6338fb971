/**
 * A buyer's liquor licence (ADR 042): number and issuing state, saved with one call. Not a <form>:
 * it sits inside the checkout form too, so Save is a button that sends it.
 */
import { useId, useState } from 'react';
import { liquorLicenceSchema } from '@caskade/identity/domain';
import { AU_STATES, fieldErrors } from '@caskade/kit/rules';
import { isApiError } from '../../api/client';
import { useSetLiquorLicence } from '../../api/liquorLicence';
import { useCurrentUser } from '../../api/session';
import { liquorLicenceUi as t } from '../../i18n/liquorLicenceMessages';
import { errorCodeMessage, ui } from '../../i18n/messages';
import { FormMessage, SelectField, TextField } from '../Field';

type Errors = Partial<Record<'number' | 'state', string>>;

export function LiquorLicenceForm({ onSaved }: { onSaved?: () => void }) {
  const { data: user } = useCurrentUser();
  const [number, setNumber] = useState(user?.profile.liquorLicenceNumber ?? '');
  const [state, setState] = useState(user?.profile.liquorLicenceState ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSetLiquorLicence();
  const groupId = useId();

  const send = () => {
    setSaved(false);
    setFailure(null);
    const parsed = liquorLicenceSchema.safeParse({ number, state });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      document.getElementById(groupId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { number: parsed.data.number, state: parsed.data.state },
      {
        onSuccess: (updated) => {
          setNumber(updated.profile.liquorLicenceNumber);
          setState(updated.profile.liquorLicenceState);
          setSaved(true);
          onSaved?.();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else setFailure(isApiError(error) ? errorCodeMessage(error.code) : ui.common.genericError);
        },
      },
    );
  };

  const onFile = user?.profile.liquorLicenceNumber ? t.onFile(user.profile.liquorLicenceNumber, user.profile.liquorLicenceState) : t.none;
  return (
    <div id={groupId} role="group" aria-label={t.section} className="grid gap-4">
      <p className="text-sm text-stone-700" data-testid="liquor-licence-on-file">
        {onFile}
      </p>
      {saved ? <FormMessage tone="success">{t.saved}</FormMessage> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          name="liquorLicenceNumber"
          label={t.number}
          hint={t.numberHint}
          value={number}
          onChange={(event) => {
            setNumber(event.target.value);
            setErrors((prev) => ({ ...prev, number: undefined }));
          }}
          error={errors.number}
          autoComplete="off"
          maxLength={30}
          required
        />
        <SelectField
          name="liquorLicenceState"
          label={t.state}
          value={state}
          onChange={(value) => {
            setState(value);
            setErrors((prev) => ({ ...prev, state: undefined }));
          }}
          options={AU_STATES.map((s) => ({ value: s, label: s }))}
          placeholder={t.chooseState}
          error={errors.state}
          required
        />
      </div>
      <div>
        <button type="button" className="btn-primary" onClick={send} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? ui.common.saving : t.save}
        </button>
      </div>
    </div>
  );
}
