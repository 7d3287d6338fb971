/**
 * /payments/sandbox/challenge/{paymentId}: the sandbox's stand-in for a bank's 3D Secure page. The
 * buyer completes or fails the authentication; either way the confirmation page (the payment id
 * is the checkout id) shows what came of it — or the page that opened the challenge, when it said
 * so in the router state (a term order's Pay now: the payment id is the order id).
 */
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAnswerChallenge } from '../../api/checkout';
import { pathTo } from '../../app/routes';
import { FormMessage } from '../../components/Field';
import { PageContainer } from '../../components/PageLayout';
import { readRedirectTarget } from '../../lib/redirect';
import { buyingUi, failureMessages } from '../../i18n/buyingMessages';

const t = buyingUi.challenge;

export default function PaymentChallengePage() {
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  const back = readRedirectTarget(useLocation().state);
  const answer = useAnswerChallenge();
  // Busy, the buttons stay focusable (aria-disabled: a disabled button drops the keyboard focus) and ignore the press.
  const send = (authenticated: boolean) => {
    if (answer.isPending) return;
    answer.mutate({ paymentId, authenticated }, {
      onSuccess: () => void navigate(back ?? pathTo('CheckoutCompletePage', { id: paymentId }), { replace: true, ...(back ? { state: { paymentSettling: Date.now() } } : {}) }),
    });
  };
  return (
    <PageContainer width="narrow">
      <div className="card p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">3D Secure</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900">{t.title}</h1>
        <p className="mt-3 text-stone-700">{t.intro}</p>
        {answer.isError ? (
          <div className="mt-4">
            <FormMessage tone="error">{failureMessages(answer.error).join(' ')}</FormMessage>
          </div>
        ) : null}
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <button type="button" className="btn-primary py-3" aria-disabled={answer.isPending || undefined} aria-busy={answer.isPending || undefined} onClick={() => send(true)}>
            {answer.isPending && answer.variables.authenticated ? t.working : t.complete}
          </button>
          <button type="button" className="btn-secondary py-3" aria-disabled={answer.isPending || undefined} onClick={() => send(false)}>
            {answer.isPending && !answer.variables.authenticated ? t.working : t.fail}
          </button>
        </div>
      </div>
    </PageContainer>
  );
}
