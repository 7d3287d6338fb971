/**
 * Identity started for its tests, on PGlite or on PostgreSQL (a fresh schema, dropped after): a
 * gRPC client, a clock the test moves, the events it wrote, and the call contexts and sign-up
 * requests the suites share. `describeIdentity` runs a suite on both databases through
 * describeWithServices, so a test never passes without running.
 */
import { createClient, createLogger, currentTrust, LocalEventBus, type CallContext, type Caller, type EventEnvelope, type PromiseClient } from '@caskade/kit';
import { describeServiceBackends, dropTestSchema, TEST_DATABASE_URL, uniqueName, unverifiedCaller, type Backend, type GatedSuite } from '@caskade/kit/testing';
import { identity } from '@caskade/proto';
import { identityEnv } from '../config';
import { startIdentity, type IdentityService } from '../index';

/** The caller a valid access token names, verified with the keys the harness's identity signs with (this process's development trust). */
export const accessCaller = (token: string): Promise<Caller | null> => currentTrust().access.verify(token);
/** Every test account's password. */
export const PASSWORD = 'correct horse battery';

export interface IdentityHarness {
  svc: IdentityService;
  client: PromiseClient<typeof identity.IdentityServiceService>;
  /** Every identity.* event the service published, in order. */
  events: EventEnvelope[];
  /** The service's clock (ms since the epoch); tests move it forward. */
  clock: { now: number };
  /** Publishes what the outbox holds, so `events` is up to date. */
  flush(): Promise<void>;
  /** The link token of the newest `type` event mailed to `email`. */
  tokenFor(type: string, email: string): string;
  stop(): Promise<void>;
}

export async function startIdentityHarness(backend: Backend): Promise<IdentityHarness> {
  const logger = createLogger('identity-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const schema = uniqueName('identity_test');
  const bus = new LocalEventBus({ logger });
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'test-capture', subjects: ['identity.>'], handler: async (e) => void events.push(e) });
  const clock = { now: Date.now() };
  const svc = await startIdentity({
    env: identityEnv.parse({ DATA_DIR: ':memory:', ...(backend === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) }),
    bus,
    logger,
    schema,
    now: () => new Date(clock.now),
  });
  const client = createClient(identity.IdentityServiceService, svc.grpcAddress);
  return {
    svc,
    client,
    events,
    clock,
    flush: async () => {
      await svc.relay.flush();
    },
    tokenFor(type, email) {
      const event = [...events].reverse().find((e) => e.type === type && (e.data as { email?: string }).email === email);
      const token = (event?.data as { token?: string } | undefined)?.token;
      if (!token) throw new Error(`no ${type} event for ${email}`);
      return token;
    },
    async stop() {
      client.close();
      await svc.stop();
      await bus.close();
      await dropTestSchema(backend, schema);
    },
  };
}

/** A suite on both databases with identity started for it; `h()` is the running harness. */
export function describeIdentity(title: string, body: (h: () => IdentityHarness, t: GatedSuite, backend: Backend) => void): void {
  describeServiceBackends(title, (backend) => startIdentityHarness(backend), body);
}

export const anon: CallContext = { requestId: 'test', caller: null };

/**
 * A service acting for the user (ADR 053's `act`): no token and no session version, so a revocation
 * does not stop it (a ban or deletion does). Use `of(session)` to call as a signed-in session.
 */
export const as = (user: identity.User | undefined): CallContext => ({
  requestId: 'test',
  caller: { userId: user?.id ?? '', role: (user?.role ?? 'buyer') as 'buyer', scopes: [] },
});

/**
 * A call made with a session's access token, as the gateway forwards it: identity verifies the token
 * itself (ADR 053). `caller` is the token's claims read without verification, for tests to look at.
 */
export const of = (session: identity.Session | undefined): CallContext => {
  const accessToken = session?.accessToken ?? '';
  return { requestId: 'test', caller: unverifiedCaller(accessToken), accessToken };
};

export const buyer = (email: string): identity.SignUpRequest => ({
  userType: 'buyer',
  email,
  password: PASSWORD,
  agreeTerms: true,
  profile: identity.Profile.fromPartial({
    firstName: 'Ava', lastName: 'Nguyen', companyName: 'Fitzroy Cellars', abnAcn: '51 824 753 556', phoneNumber: '0412 345 678', favouriteCategories: ['beer'],
  }),
});

export const supplier = (email: string, brand: string): identity.SignUpRequest => ({
  userType: 'supplier',
  email,
  password: PASSWORD,
  agreeTerms: true,
  profile: identity.Profile.fromPartial({
    firstName: 'Sam', lastName: 'Brewer', companyName: `${brand} Co`, abnAcn: '004085616', phoneNumber: '+61398765432',
    brandName: brand, businessName: `${brand} Pty Ltd`, legalEntityName: `${brand} Holdings`, address: '1 Lane, Healesville VIC', contactNumber: '0398765432',
  }),
});
