/**
 * Small form state: values, which fields were touched, client errors from a validate function and
 * server errors (cleared for a field as soon as its value changes). Errors show for touched fields,
 * or for all fields once a submit was attempted.
 */
import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validation';

type Value = string | boolean | string[];

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

export function useForm<V extends Record<string, Value>>(initial: V, validate: (values: V) => FieldErrors) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const clientErrors = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name as string];
      return next;
    });
  }, []);

  const touch = useCallback((name: keyof V) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true })), []);

  /** The message key to show for a field, if any. */
  const errorFor = (name: keyof V & string): string | undefined =>
    serverErrors[name] ?? (submitted || touched[name] ? clientErrors[name] : undefined);

  /** Props for a text input bound to a string field; `format` rewrites what was typed. */
  const text = (name: keyof V & string, format?: (raw: string) => string): FieldProps => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event) => setValue(name, (format ? format(event.target.value) : event.target.value) as V[typeof name]),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Marks the attempt; returns true when the client-side rules all pass. */
  const attemptSubmit = (): boolean => {
    setSubmitted(true);
    return Object.keys(clientErrors).length === 0;
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  return { values, setValue, touch, text, errorFor, clientErrors, serverErrors, setServerErrors, submitted, attemptSubmit, reset };
}
