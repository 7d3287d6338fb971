import { currentTrust, startServiceRuntime, type EventBus, type Logger, type ServiceRuntime } from '@caskade/kit';
import { identity } from '@caskade/proto';
import type { IdentityDeps } from './app/deps';
import { argon2idHasher, type PasswordHasher } from './app/passwords';
import { ensureAccounts } from './app/seed-accounts';
import type { IdentityEnv } from './config';
import { IDENTITY_MIGRATIONS, type IdentityDB } from './db/schema';
import { identityHandlers } from './grpc/handlers';

export { ensureAccounts, type SeedAccount } from './app/seed-accounts';
export { identityEnv, type IdentityEnv } from './config';
export type { IdentityDB } from './db/schema';

export interface StartIdentityOptions {
  env: IdentityEnv;
  bus: EventBus;
  logger: Logger;
  schema?: string;
  grpcHost?: string;
  passwords?: PasswordHasher;
  now?: () => Date;
}

export interface IdentityService extends ServiceRuntime<IdentityDB> {
  deps: IdentityDeps;
}

export async function startIdentity(opts: StartIdentityOptions): Promise<IdentityService> {
  let deps: IdentityDeps | undefined;
  // Identity alone signs access tokens (ADR 053): the key of this process's trust (ACCESS_TOKEN_SIGNING_KEY).
  const accessSigningKey = currentTrust().accessSigningKey;
  if (!accessSigningKey) throw new Error('identity holds no access-token signing key (ACCESS_TOKEN_SIGNING_KEY)');
  const runtime = await startServiceRuntime<IdentityDB>({
    name: 'identity',
    env: opts.env,
    bus: opts.bus,
    logger: opts.logger,
    migrations: IDENTITY_MIGRATIONS,
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.grpcHost ? { grpcHost: opts.grpcHost } : {}),
    // Revocations (logout, ban, deletion) go out the moment they commit, never coalesced (ADR 023).
    outboxCoalesceMs: 0,
    build: ({ db, wakeOutbox, guard }) => {
      deps = {
        db,
        accessSigningKey,
        passwords: opts.passwords ?? argon2idHasher,
        logger: opts.logger,
        now: opts.now ?? (() => new Date()),
        eventsWritten: wakeOutbox,
        guard,
      };
      return { bindings: [{ name: 'caskade.identity.v1.IdentityService', definition: identity.IdentityServiceService, implementation: identityHandlers(deps, opts.logger) }] };
    },
  });
  if (!deps) throw new Error('identity failed to build');
  if (opts.env.OPERATOR_EMAIL && opts.env.OPERATOR_PASSWORD) {
    await ensureAccounts(deps, [{ email: opts.env.OPERATOR_EMAIL, password: opts.env.OPERATOR_PASSWORD, role: 'operator', profile: { firstName: 'Caskade', lastName: 'Operator' } }]);
  }
  return { ...runtime, deps };
}
