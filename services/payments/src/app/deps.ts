import type { Logger } from '@caskade/kit';
import type { Kysely } from 'kysely';
import type { SandboxProvider } from '../adapters/sandbox';
import type { PaymentsDB } from '../db/schema';
import type { PaymentProvider } from './provider';

export interface BankAccount {
  accountName: string;
  bsb: string;
  accountNumber: string;
}

export interface PaymentsDeps {
  db: Kysely<PaymentsDB>;
  logger: Logger;
  now: () => Date;
  /** Called after a transaction that wrote events commits: wakes the outbox relay. */
  eventsWritten: () => void;
  provider: PaymentProvider;
  /** The sandbox, when it is the provider (sandbox-only calls answer forbidden otherwise). */
  sandbox: SandboxProvider | null;
  bank: BankAccount;
  bankTransferWindowSeconds: number;
  becsSettleSeconds: number;
  /** Wakes the loops that settle sandbox debits and send transfers (after a change they act on). */
  wake: { settlements(): void; transfers(): void };
}
