/**
 * The cart's payout-account port against the real payments service: a supplier without an account
 * is named every time it is asked about (so setting one up shows at once), one with an account is
 * remembered a minute (payments is not asked again), and payments down leaves the cart unflagged.
 */
import { randomUUID } from 'node:crypto';
import { createClient, LocalEventBus, systemContext, type PromiseClient } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, type Backend } from '@caskade/kit/testing';
import { paymentsEnv, startPayments, type PaymentsService } from '@caskade/payments';
import { payments } from '@caskade/proto';
import { testLogger } from '../testing/harness';
import { paymentsPayoutAccounts } from './payout-accounts';

type PaymentsClient = PromiseClient<typeof payments.PaymentsServiceService>;

interface Running {
  svc: PaymentsService;
  client: PaymentsClient;
  /** Calls of FindMissingPayoutAccounts made through `client`, with the ids asked about. */
  asked: string[][];
  counted: PaymentsClient;
  stop(): Promise<void>;
}

async function startPaymentsFor(backend: Backend): Promise<Running> {
  const schema = uniqueName('cart_payments_test');
  const bus = new LocalEventBus({ logger: testLogger });
  const svc = await startPayments({
    env: paymentsEnv.parse({ DATA_DIR: ':memory:', ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger: testLogger,
    schema,
  });
  const client = createClient(payments.PaymentsServiceService, svc.grpcAddress);
  const asked: string[][] = [];
  // The real client, with its one call counted.
  const counted: PaymentsClient = {
    ...client,
    findMissingPayoutAccounts: (req, ctx, opts) => {
      asked.push([...req.supplierIds]);
      return client.findMissingPayoutAccounts(req, ctx, opts);
    },
  };
  return {
    svc,
    client,
    asked,
    counted,
    async stop() {
      client.close();
      await svc.stop();
      await bus.close();
      await dropTestSchema(backend, schema);
    },
  };
}

describeServiceBackends('cart: payout accounts from payments', startPaymentsFor, (h, { test: it }) => {
  it('names suppliers without an account every time, and remembers one with an account', async () => {
    const { client, counted, asked } = h();
    const source = paymentsPayoutAccounts(counted, testLogger);
    const [ready, later] = [randomUUID(), randomUUID()];
    await client.createSandboxPayoutAccount({ supplierId: ready }, systemContext());
    expect(await source.missing([ready, later, later])).toEqual([later]);
    expect(asked).toEqual([[ready, later]]);
    // The one with an account is not asked about again; the one without is.
    expect(await source.missing([ready, later])).toEqual([later]);
    expect(asked.at(-1)).toEqual([later]);
    // It sets one up: the next read says so.
    await client.createSandboxPayoutAccount({ supplierId: later }, systemContext());
    expect(await source.missing([ready, later])).toEqual([]);
    expect(asked).toHaveLength(3);
    expect(await source.missing([ready, later])).toEqual([]);
    expect(asked).toHaveLength(3);
  });

  it('leaves the cart unflagged when payments does not answer (the checkout still asks)', async () => {
    const down = createClient(payments.PaymentsServiceService, '127.0.0.1:1');
    try {
      const source = paymentsPayoutAccounts(down, testLogger);
      expect(await source.missing([randomUUID()])).toEqual([]);
    } finally {
      down.close();
    }
  });
});
