import { unaryService, type Logger } from '@caskade/kit';
import type { payments } from '@caskade/proto';
import { attachPaymentMethod } from '../app/attach-payment-method';
import { cancelPayment } from '../app/cancel-payment';
import { completeSandboxChallenge } from '../app/complete-sandbox-challenge';
import { createPayment } from '../app/create-payment';
import { createSandboxPaymentMethod } from '../app/create-sandbox-payment-method';
import { createSandboxPayoutAccount } from '../app/create-sandbox-payout-account';
import { createSetupIntent } from '../app/create-setup-intent';
import type { PaymentsDeps } from '../app/deps';
import { detachPaymentMethod } from '../app/detach-payment-method';
import { findMissingPayoutAccounts } from '../app/find-missing-payout-accounts';
import { checkPaymentMethod } from '../app/check-payment-method';
import { getPayment } from '../app/get-payment';
import { getPayoutAccount } from '../app/get-payout-account';
import { getPayoutTotals } from '../app/get-payout-totals';
import { getProviderConfig } from '../app/get-provider-config';
import { handleWebhook } from '../app/handle-webhook';
import { listPaymentMethods } from '../app/list-payment-methods';
import { markBankTransferReceived } from '../app/mark-bank-transfer-received';
import { refundPayment } from '../app/refund-payment';
import { retryPayment } from '../app/retry-payment';
import { setDefaultPaymentMethod } from '../app/set-default-payment-method';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function paymentsHandlers(deps: PaymentsDeps, logger: Logger): payments.PaymentsServiceServer {
  return unaryService<payments.PaymentsServiceServer>(
    {
      getProviderConfig: () => getProviderConfig(deps),
      listPaymentMethods: (_req, ctx) => listPaymentMethods(deps, ctx),
      createSetupIntent: (req, ctx) => createSetupIntent(deps, ctx, req),
      createSandboxPaymentMethod: (req, ctx) => createSandboxPaymentMethod(deps, ctx, req),
      attachPaymentMethod: (req, ctx) => attachPaymentMethod(deps, ctx, req),
      setDefaultPaymentMethod: (req, ctx) => setDefaultPaymentMethod(deps, ctx, req),
      detachPaymentMethod: (req, ctx) => detachPaymentMethod(deps, ctx, req),
      createPayment: (req, ctx) => createPayment(deps, ctx, req),
      getPayment: (req, ctx) => getPayment(deps, ctx, req),
      retryPayment: (req, ctx) => retryPayment(deps, ctx, req),
      cancelPayment: (req, ctx) => cancelPayment(deps, ctx, req),
      markBankTransferReceived: (req, ctx) => markBankTransferReceived(deps, ctx, req),
      completeSandboxChallenge: (req, ctx) => completeSandboxChallenge(deps, ctx, req),
      refundPayment: (req, ctx) => refundPayment(deps, ctx, req),
      getPayoutAccount: (req, ctx) => getPayoutAccount(deps, ctx, req),
      getPayoutTotals: (req, ctx) => getPayoutTotals(deps, ctx, req),
      findMissingPayoutAccounts: (req, ctx) => findMissingPayoutAccounts(deps, ctx, req),
      checkPaymentMethod: (req, ctx) => checkPaymentMethod(deps, ctx, req),
      createSandboxPayoutAccount: (req, ctx) => createSandboxPayoutAccount(deps, ctx, req),
      handleWebhook: (req) => handleWebhook(deps, req),
    },
    logger,
  );
}
