import { describeOnBackends } from '@caskade/kit/testing';
import { sql } from 'kysely';
import { createMailboxMailer } from '../mail/mailbox-mailer';
import { startNotificationsHarness, testLogger, verificationRequested, waitFor } from '../testing/harness';
import { deliverDueEmails } from './deliver-due-emails';
import { PermanentDeliveryError, type Mailer, type OutgoingEmail } from './mailer';

// Each test starts notifications with a mailer of its own.
describeOnBackends('notifications: delivering queued emails', (backend, { test: it }) => {
  it('a failed send is retried until it goes through; a permanent refusal is not retried', async () => {
    let failuresLeft = 2;
    const attempts: string[] = [];
    const flaky = await startNotificationsHarness(backend, {
      mailer: (db) => {
        const mailbox = createMailboxMailer(db);
        return {
          kind: 'smtp',
          send: async (email: OutgoingEmail) => {
            attempts.push(email.to);
            if (email.to.startsWith('refused')) throw new PermanentDeliveryError('550 no such mailbox');
            if (failuresLeft-- > 0) throw new Error('connection reset');
            await mailbox.send(email);
          },
          close: async () => undefined,
        } satisfies Mailer;
      },
    });
    try {
      await flaky.bus.publish(verificationRequested('retry@example.com', 'r'));
      await flaky.bus.publish(verificationRequested('refused@example.com', 'r'));
      await waitFor(async () => (await flaky.emailsTo('retry@example.com'))[0]?.state === 'sent', 'the retried email');
      await waitFor(async () => (await flaky.emailsTo('refused@example.com'))[0]?.state === 'failed', 'the refused email');
      expect(await flaky.emailsTo('retry@example.com')).toMatchObject([{ state: 'sent', attempts: 3, last_error: null }]);
      expect(await flaky.emailsTo('refused@example.com')).toMatchObject([{ state: 'failed', attempts: 1, last_error: 'PermanentDeliveryError: 550 no such mailbox' }]);
      expect(attempts.filter((a) => a === 'refused@example.com')).toHaveLength(1);
      expect(await flaky.mailboxTo('retry@example.com')).toHaveLength(1);
    } finally {
      await flaky.stop();
    }
  }, 30_000);

  it('concurrent senders (replicas) deliver each queued email exactly once', async () => {
    // No background sender here: only the competing passes below deliver.
    const quiet = await startNotificationsHarness(backend, { sender: { pollMs: 60_000 } });
    try {
      await quiet.svc.sender.stop();
      const count = 30;
      for (let i = 0; i < count; i++) await quiet.bus.publish(verificationRequested(`replica-${i}@example.com`, `t${i}`));
      const sends = new Map<string, number>();
      const slow: Mailer = {
        kind: 'smtp',
        send: async (email) => {
          sends.set(email.id, (sends.get(email.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
        },
        close: async () => undefined,
      };
      const pass = () => deliverDueEmails({ db: quiet.svc.db, mailer: slow, logger: testLogger, leaseMs: 60_000 }, 4);
      const drain = async () => {
        let claimed = 1;
        while (claimed > 0) ({ claimed } = await pass());
      };
      await Promise.all([drain(), drain(), drain(), drain()]);
      expect(sends.size).toBe(count);
      expect([...sends.values()].every((n) => n === 1)).toBe(true);
      const { rows } = await sql<{ state: string; n: number }>`select state, count(*)::int as n from emails group by state`.execute(quiet.svc.db);
      expect(rows).toEqual([{ state: 'sent', n: count }]);
    } finally {
      await quiet.stop();
    }
  }, 30_000);
});
