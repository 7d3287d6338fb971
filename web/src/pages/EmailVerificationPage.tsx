import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resendErrorMessage, useResendVerification, useVerifyEmail } from '../api/account';
import { useCurrentUser } from '../api/session';
import { pathTo } from '../app/routes';
import { AuthCard } from '../components/AuthCard';
import { FormMessage } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { ui } from '../i18n/messages';
import { authRedirectState, homePathFor } from '../lib/redirect';

/**
 * /verify-email?token=… posts the token once and reports the outcome. Without a token it tells a
 * signed-in, unverified user where the link went and lets them ask for another (5 a day).
 */
export default function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { data: user, isPending: userPending } = useCurrentUser();
  const verify = useVerifyEmail();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const canResend = Boolean(user && !user.emailVerified);
  let body;
  if (token && (verify.isPending || verify.isIdle)) {
    body = <Spinner label={ui.verify.verifying} />;
  } else if (token && verify.isSuccess) {
    body = (
      <Outcome tone="success" title={ui.verify.success} body={ui.verify.successBody}>
        <Link to={homePathFor(user?.role)} className="btn-primary">
          {ui.verify.continue}
        </Link>
      </Outcome>
    );
  } else if (token && verify.isError) {
    body = (
      <Outcome tone="error" title={ui.verify.failed} body={ui.verify.failedBody}>
        {canResend ? <ResendVerification /> : user ? null : <LoginToResend />}
      </Outcome>
    );
  } else if (userPending) {
    body = <Spinner />;
  } else if (user?.emailVerified) {
    body = <FormMessage tone="success">{ui.verify.alreadyVerified}</FormMessage>;
  } else if (user) {
    body = (
      <div className="grid gap-4">
        <p className="text-stone-700 [overflow-wrap:anywhere]">{ui.verify.pending(user.email)}</p>
        <ResendVerification />
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="text-stone-700">{ui.verify.noToken}</p>
        <LoginToResend />
      </div>
    );
  }

  return <AuthCard title={ui.verify.title}>{body}</AuthCard>;
}

/** The result of posting the token, with what to do next. */
function Outcome({ tone, title, body, children }: { tone: 'success' | 'error'; title: string; body: string; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <FormMessage tone={tone}>
        <strong className="block font-semibold">{title}</strong>
        {body}
      </FormMessage>
      {children}
    </div>
  );
}

function LoginToResend() {
  return (
    <p className="text-sm text-stone-700">
      <Link to={pathTo('LoginPage')} state={authRedirectState({ pathname: pathTo('EmailVerificationPage'), search: '', hash: '' })} className="link">
        {ui.verify.loginToResend}
      </Link>
    </p>
  );
}

function ResendVerification() {
  const resend = useResendVerification();
  return (
    <div className="grid gap-3">
      {resend.isSuccess ? <FormMessage tone="success">{ui.verify.resent}</FormMessage> : null}
      {resend.isError ? <FormMessage tone="error">{resendErrorMessage(resend.error)}</FormMessage> : null}
      <button type="button" className="btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? ui.verify.resending : ui.verify.resend}
      </button>
    </div>
  );
}
