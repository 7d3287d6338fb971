/**
 * /account/payments (StripePayoutPage): the supplier's payout account — buyers can buy its listings
 * only once it has one. On the payment sandbox a sandbox account is set up at once; with Stripe,
 * Stripe Connect onboarding takes its place (not built yet: the page says so). Below it, the payout
 * totals: only completed or paid-out orders count (a sale is paid out when its order completes).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccountView, PayoutTotalsView } from '@caskade/gateway/contract';
import { api, isApiError } from '../../api/client';
import { usePaymentProvider } from '../../api/checkout';
import { payoutAccountKey, usePayoutAccount } from '../../api/payouts';
import { FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatMoney } from '../../i18n/format';
import { errorCodeMessage } from '../../i18n/messages';
import { AccountLayout, SettingsCard } from './AccountLayout';

const t = {
  title: 'Payouts',
  heading: 'Payout account',
  intro: 'Where your sales are paid. Buyers can order your listings once your payout account is set up.',
  ready: (id: string) => `Your payout account ${id} is set up: payouts and transfers are enabled.`,
  missing: 'You have no payout account yet, so buyers cannot check out your listings.',
  sandboxSetUp: 'Set up a sandbox payout account',
  settingUp: 'Setting up…',
  sandboxNote: 'This marketplace runs on the payment sandbox: the account is a test account and no money moves.',
  stripeNote: 'Stripe Connect onboarding opens here when the marketplace takes payments with Stripe. Ask the Caskade team to connect your account meanwhile.',
  loadFailed: 'Your payout account could not be loaded.',
  totalsHeading: 'Payout totals',
  totalsIntro: 'A sale is paid out when its order completes. Only completed or paid-out orders count here.',
  paidOut: 'Paid out',
  pending: 'Pending payout',
  totalsFailed: 'Your payout totals could not be loaded.',
} as const;

const totalsKey = ['payouts', 'totals'] as const;

function PayoutTotals() {
  const totals = useQuery({ queryKey: totalsKey, queryFn: () => api<PayoutTotalsView>('GET', '/api/payout-account/totals') });
  if (totals.isPending) return <Spinner />;
  if (totals.isError) return <FormMessage tone="error">{t.totalsFailed}</FormMessage>;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {([[t.paidOut, totals.data.paidOutCents], [t.pending, totals.data.pendingCents]] as const).map(([label, cents]) => (
        <div key={label}>
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="text-xl font-semibold text-stone-900 tabular-nums">{formatMoney(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function PayoutPage() {
  const queryClient = useQueryClient();
  const provider = usePaymentProvider();
  const account = usePayoutAccount();
  const setUp = useMutation({
    mutationFn: () => api<PayoutAccountView>('POST', '/api/payout-account/sandbox'),
    onSuccess: (created) => queryClient.setQueryData(payoutAccountKey, created),
  });
  return (
    <AccountLayout title={t.title}>
      <SettingsCard title={t.heading} description={t.intro}>
        {account.isPending || provider.isPending ? (
          <Spinner />
        ) : account.isError ? (
          <FormMessage tone="error">{t.loadFailed}</FormMessage>
        ) : account.data ? (
          <FormMessage tone="success">{t.ready(account.data.accountId)}</FormMessage>
        ) : (
          <div className="grid justify-items-start gap-4">
            <FormMessage tone="info">{t.missing}</FormMessage>
            {provider.data?.provider === 'sandbox' ? (
              <>
                <p className="text-sm text-stone-600">{t.sandboxNote}</p>
                <button type="button" className="btn-primary" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
                  {setUp.isPending ? t.settingUp : t.sandboxSetUp}
                </button>
              </>
            ) : (
              <p className="text-sm text-stone-600">{t.stripeNote}</p>
            )}
            {setUp.isError ? <FormMessage tone="error">{isApiError(setUp.error) ? errorCodeMessage(setUp.error.code) : t.loadFailed}</FormMessage> : null}
          </div>
        )}
      </SettingsCard>
      <SettingsCard title={t.totalsHeading} description={t.totalsIntro}>
        <PayoutTotals />
      </SettingsCard>
    </AccountLayout>
  );
}
