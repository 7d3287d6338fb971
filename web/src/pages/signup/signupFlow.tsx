/** What buyer and supplier sign-up share: redirects, submit, server error mapping, availability, the card and its account section. */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { useAuthBusy, useCurrentUser, useSignup } from '../../api/session';
import { pathTo } from '../../app/routes';
import { AuthCard, FormSection } from '../../components/AuthCard';
import { CheckboxField, FormMessage, TextField } from '../../components/Field';
import { errorCodeMessage, ui } from '../../i18n/messages';
import { focusFirstInvalid } from '../../lib/focus';
import { homePathFor, readRedirectTarget } from '../../lib/redirect';
import type { Availability } from '../../lib/useAvailability';
import type { FieldProps } from '../../lib/useForm';
import type { FieldErrors } from '../../lib/validation';
import { signupServerErrors } from '../../lib/serverErrors';
import { type Signup } from '@caskade/identity/domain';

const AVAILABILITY_STATUS: Partial<Record<Availability, string>> = {
  checking: ui.common.checking,
  available: ui.common.available,
  unchecked: ui.common.checkFailed,
};
export const availabilityStatus = (availability: Availability): string | undefined => AVAILABILITY_STATUS[availability];

/** Status line and error for a field with a live uniqueness check. */
export function availabilityProps(availability: Availability, takenKey: 'email-taken' | 'name-taken', error: string | undefined) {
  return {
    error: error ?? (availability === 'taken' ? takenKey : undefined),
    status: availabilityStatus(availability),
  };
}

interface CommonSignupValues {
  email: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  companyName: string;
  abnAcn: string;
  phoneNumber: string;
}

/** Both forms start with these fields empty and the terms box unticked. */
export const commonSignupInitial: CommonSignupValues & { agreeTermsAndConditions: boolean } = {
  email: '',
  password: '',
  passwordConfirm: '',
  firstName: '',
  lastName: '',
  companyName: '',
  abnAcn: '',
  phoneNumber: '',
  agreeTermsAndConditions: false,
};

/** The request fields buyers and suppliers both send, trimmed where typed free-form; the terms are agreed to (the form checks the box). */
export function commonSignupFields(values: CommonSignupValues) {
  return {
    email: values.email.trim(),
    password: values.password,
    passwordConfirm: values.passwordConfirm,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: values.companyName.trim(),
    abnAcn: values.abnAcn.trim(),
    phoneNumber: values.phoneNumber.trim(),
    agreeTermsAndConditions: true as const,
  };
}

/** The part of a `useForm` result the shared sign-up pieces use: both forms have these fields. */
interface SignupFormState {
  values: { agreeTermsAndConditions: boolean };
  submitted: boolean;
  clientErrors: FieldErrors;
  serverErrors: FieldErrors;
  /** Runs the client rules; returns false when the form may not be sent. */
  attemptSubmit: () => boolean;
  setServerErrors: (errors: FieldErrors) => void;
  text: (name: 'email' | 'password' | 'passwordConfirm') => FieldProps;
  errorFor: (name: 'email' | 'agreeTermsAndConditions') => string | undefined;
  setValue: (name: 'agreeTermsAndConditions', value: boolean) => void;
  touch: (name: 'agreeTermsAndConditions') => void;
}

interface SignupFlowOptions {
  form: SignupFormState;
  nameField: string;
  /** A live check already found the email or a name taken. */
  blocked: boolean;
}

export function useSignupFlow({ form, nameField, blocked }: SignupFlowOptions) {
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = readRedirectTarget(location.state);
  const { data: user } = useCurrentUser();
  const signup = useSignup();
  const busy = useAuthBusy();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);

  /** Already signed in when arriving (not as the result of this form): go on to where they wanted. */
  const alreadySignedIn = Boolean(user) && signup.isIdle;
  /** Field errors are on screen after a submit attempt: show the form-level notice while they last. */
  const showFixNotice = form.submitted && Object.keys({ ...form.clientErrors, ...form.serverErrors }).length > 0;

  const submit = (event: FormEvent, payload: () => Signup) => {
    event.preventDefault();
    setFormError(null);
    const valid = form.attemptSubmit();
    if (!valid || blocked) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (busy) return;
    signup.mutate(payload(), {
      // New accounts start unverified: without a page to return to, show how to verify.
      onSuccess: () => void navigate(returnTo ?? pathTo('EmailVerificationPage'), { replace: true }),
      onError: (error) => {
        const fields = signupServerErrors(error, nameField);
        if (fields) {
          form.setServerErrors(fields);
          focusFirstInvalid(formRef.current);
        } else {
          setFormError(isApiError(error) ? errorCodeMessage(error.code) : error.message);
        }
      },
    });
  };

  return { formRef, formError: formError ?? (showFixNotice ? ui.auth.fixErrorsGeneric : null), submit, busy, pending: signup.isPending, alreadySignedIn, returnTo, home: homePathFor(user?.role), state: location.state as unknown };
}

type SignupFlow = ReturnType<typeof useSignupFlow>;

/** The other kind of account, offered under the card. */
const switchLinks = {
  buyer: { prompt: ui.auth.buyerInstead, route: 'BuyerSignupPage', label: ui.auth.signupBuyerLink },
  supplier: { prompt: ui.auth.supplierInstead, route: 'SupplierSignupPage', label: ui.auth.signupSupplierLink },
} as const;

interface SignupCardProps {
  title: string;
  intro: string;
  switchTo: keyof typeof switchLinks;
  flow: SignupFlow;
  /** The request body, read when the form passes its checks. */
  payload: () => Signup;
  children: ReactNode;
}

/** The sign-up page frame: redirect when signed in, login and switch links, the form with its notice and submit button. */
export function SignupCard({ title, intro, switchTo, flow, payload, children }: SignupCardProps) {
  if (flow.alreadySignedIn) return <Navigate to={flow.returnTo ?? flow.home} replace />;
  const other = switchLinks[switchTo];
  return (
    <AuthCard
      width="wide"
      title={title}
      intro={intro}
      footer={
        <div className="grid gap-2">
          <p>
            {ui.auth.haveAccount}{' '}
            <Link to={pathTo('LoginPage')} state={flow.state} className="link">
              {ui.auth.loginLink}
            </Link>
          </p>
          <p>
            {other.prompt}{' '}
            <Link to={pathTo(other.route)} state={flow.state} className="link">
              {other.label}
            </Link>
          </p>
        </div>
      }
    >
      <form ref={flow.formRef} noValidate className="grid gap-6" onSubmit={(event) => flow.submit(event, payload)}>
        {flow.formError ? <FormMessage tone="error">{flow.formError}</FormMessage> : null}
        {children}
        <button type="submit" className="btn-primary w-full py-3" disabled={flow.busy}>
          {flow.pending ? ui.auth.signingUp : ui.auth.signupSubmit}
        </button>
      </form>
    </AuthCard>
  );
}

/** Email (with its live availability check), password and confirmation. */
export function AccountSection({ form, emailAvailability }: { form: SignupFormState; emailAvailability: Availability }) {
  return (
    <FormSection title={ui.auth.sectionAccount}>
      <TextField
        className="sm:col-span-2"
        label={ui.auth.email}
        type="email"
        autoComplete="email"
        required
        {...form.text('email')}
        {...availabilityProps(emailAvailability, 'email-taken', form.errorFor('email'))}
      />
      <TextField label={ui.auth.password} type="password" autoComplete="new-password" required hint={ui.auth.passwordHint} {...form.text('password')} />
      <TextField label={ui.auth.passwordConfirm} type="password" autoComplete="new-password" required {...form.text('passwordConfirm')} />
    </FormSection>
  );
}

export function TermsCheckbox({ form }: { form: SignupFormState }) {
  return (
    <CheckboxField
      name="agreeTermsAndConditions"
      checked={form.values.agreeTermsAndConditions}
      onChange={(checked) => form.setValue('agreeTermsAndConditions', checked)}
      onBlur={() => form.touch('agreeTermsAndConditions')}
      error={form.errorFor('agreeTermsAndConditions')}
    >
      {ui.auth.terms}{' '}
      <Link to={pathTo('TermsOfServicePage')} target="_blank" className="link">
        {ui.auth.termsLink}
      </Link>{' '}
      {ui.auth.termsAnd}{' '}
      <Link to={pathTo('PrivacyPolicyPage')} target="_blank" className="link">
        {ui.auth.privacyLink}
      </Link>
    </CheckboxField>
  );
}
