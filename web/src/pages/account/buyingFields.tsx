/**
 * Fields of the payment-method and delivery-address forms: the shared TextField, with its error
 * worded by these pages' messages (the payments and cart services answer keys the shell's
 * messages do not carry), and a labelled select of Australian states.
 */
import { useId } from 'react';
import { AU_STATES } from '@caskade/kit/rules';
import { FieldError, TextField } from '../../components/Field';
import { fieldMessage, ordersUi } from '../../i18n/ordersMessages';
import type { FieldProps } from '../../lib/useForm';

type TextFieldExtras = Omit<Parameters<typeof TextField>[0], keyof FieldProps | 'label'>;

export function MessageField({ label, error, ...field }: FieldProps & TextFieldExtras & { label: string }) {
  const errorId = `${useId()}-error`;
  return (
    <div>
      <TextField label={label} {...field} error={undefined} invalid={error !== undefined} describedBy={error ? errorId : undefined} />
      {error ? <FieldError id={errorId}>{fieldMessage(error)}</FieldError> : null}
    </div>
  );
}

export function AuStateField({ value, onChange, onBlur, error, name }: Pick<FieldProps, 'value' | 'onBlur' | 'error' | 'name'> & { onChange: (value: string) => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {ordersUi.addresses.state}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="input pr-8"
      >
        <option value="">{ordersUi.addresses.chooseState}</option>
        {AU_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      {error ? <FieldError id={errorId}>{fieldMessage(error)}</FieldError> : null}
    </div>
  );
}
