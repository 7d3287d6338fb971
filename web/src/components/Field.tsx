import { useId, type ChangeEvent, type ReactNode } from 'react';
import { messageFor, ui } from '../i18n/messages';

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  /** A message key (validation key or error code); shown as the field's error. */
  error?: string | undefined;
  /** Words the key of `error` when it is not one of the app's shared keys (buying's own keys). */
  wording?: (key: string) => string;
  hint?: ReactNode;
  /** Live status under the field, e.g. an availability check. Announced politely. */
  status?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'time';
  autoComplete?: string;
  required?: boolean;
  optional?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  multiline?: boolean;
  /** Visible rows of a multiline field. */
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  /** Id of a <datalist> with suggestions. */
  list?: string;
  /** Text shown after the input inside the field (a unit such as "ml"). */
  suffix?: string;
  /** Marks the input invalid when the message is shown elsewhere (`describedBy` names it). */
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  wording = messageFor,
  hint,
  status,
  type = 'text',
  autoComplete,
  required,
  optional,
  inputMode,
  multiline,
  rows = 3,
  maxLength,
  placeholder,
  list,
  suffix,
  invalid,
  describedBy: extraDescribedBy,
  className,
}: TextFieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const statusId = `${inputId}-status`;
  const describedBy = [hintId, errorId, status ? statusId : undefined, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    name,
    value,
    onChange,
    onBlur,
    required,
    maxLength,
    placeholder,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': describedBy,
    className: suffix ? 'input pr-12' : 'input',
  } as const;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} optional={optional} />
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : suffix ? (
        <div className="relative">
          <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} list={list} />
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-stone-600">
            {suffix}
          </span>
        </div>
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} list={list} />
      )}
      <FieldHint id={hintId} hint={hint} />
      <p id={statusId} aria-live="polite" className="mt-1 text-xs text-stone-600 empty:hidden">
        {status ?? ''}
      </p>
      {error ? <FieldError id={errorId}>{wording(error)}</FieldError> : null}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice such as "Choose…"; omit when a value is always selected. */
  placeholder?: string;
  error?: string | undefined;
  /** Words the key of `error` when it is not one of the app's shared keys. */
  wording?: (key: string) => string;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  disabled?: boolean;
  className?: string;
}

export function SelectField({ name, label, value, onChange, onBlur, options, placeholder, error, wording = messageFor, hint, required, optional, disabled, className }: SelectFieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} optional={optional} />
      <select
        id={inputId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="input pr-8 disabled:bg-stone-100 disabled:text-stone-500"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId} hint={hint} />
      {error ? <FieldError id={errorId}>{wording(error)}</FieldError> : null}
    </div>
  );
}

/** A field's visible label, marked "(optional)" where the field may stay empty. */
function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: string; optional: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-stone-800">
      {label}
      {optional ? <span className="ml-1 font-normal text-stone-500">{ui.common.optional}</span> : null}
    </label>
  );
}

/** Help under a field, named by the field's aria-describedby. */
function FieldHint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  return hint ? (
    <p id={id} className="mt-1.5 text-xs text-stone-600">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-current">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.2h1.8v5.6H9.1V5.7Zm.9 8.9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Words the key of `error` when it is not one of the app's shared keys. */
  wording?: (key: string) => string;
  /** Marks the checkbox invalid when the message is shown elsewhere (`describedBy` names it). */
  invalid?: boolean;
  describedBy?: string | undefined;
  children: ReactNode;
}

export function CheckboxField({ name, checked, onChange, onBlur, error, wording = messageFor, invalid, describedBy, children }: CheckboxFieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const errorId = `${inputId}-error`;
  // The error adds to what describes the box (a direct debit's mandate text), it does not replace it.
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={described}
          className="mt-0.5 size-5 shrink-0 rounded border-stone-400 accent-brand-700"
        />
        <label htmlFor={inputId} className="text-sm text-stone-800">
          {children}
        </label>
      </div>
      {error ? <FieldError id={errorId}>{wording(error)}</FieldError> : null}
    </div>
  );
}

interface CheckboxGroupProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
}

export function CheckboxGroup({ name, legend, options, selected, onChange, error }: CheckboxGroupProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400'
              }`}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                className="size-4 accent-brand-700"
                onChange={(event) =>
                  onChange(event.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value))
                }
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? <FieldError id={errorId}>{messageFor(error)}</FieldError> : null}
    </fieldset>
  );
}

/** A form-level message (success or failure) announced to assistive technology. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-brand-200 bg-brand-50 text-brand-900',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}
