import { sql, type Kysely } from 'kysely';
import type { NotificationsDB } from '../db/schema';
import { createMailboxMailer } from '../mail/mailbox-mailer';
import { describeNotifications, testLogger, verificationRequested, waitFor } from '../testing/harness';
import { deliverDueEmails } from './deliver-due-emails';
import { PermanentDeliveryError, type Mailer, type OutgoingEmail } from './mailer';

// The service's mailer fails the first two sends and refuses one address for good (fresh for each database).
let failuresLeft = 0;
const attempts: string[] = [];
const flakyMailer = (db: Kysely<NotificationsDB>): Mailer => {
  failuresLeft = 2;
  attempts.length = 0;
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
  };
};

describeNotifications('notifications: delivering queued emails', (h, { test: it }) => {
  it('a failed send is retried until it goes through; a permanent refusal is not retried', async () => {
    const { bus, emailsTo, mailboxTo } = h();
    await bus.publish(verificationRequested('retry@example.com', 'r'));
    await bus.publish(verificationRequested('refused@example.com', 'r'));
    await waitFor(async () => (await emailsTo('retry@example.com'))[0]?.state === 'sent', 'the retried email');
    await waitFor(async () => (await emailsTo('refused@example.com'))[0]?.state === 'failed', 'the refused email');
    expect(await emailsTo('retry@example.com')).toMatchObject([{ state: 'sent', attempts: 3, last_error: null }]);
    expect(await emailsTo('refused@example.com')).toMatchObject([{ state: 'failed', attempts: 1, last_error: 'PermanentDeliveryError: 550 no such mailbox' }]);
    expect(attempts.filter((a) => a === 'refused@example.com')).toHaveLength(1);
    expect(await mailboxTo('retry@example.com')).toHaveLength(1);
  });

  it('concurrent senders (replicas) deliver each queued email exactly once', async () => {
    const { svc, bus } = h();
    // No background sender from here on: only the competing passes below deliver.
    await svc.sender.stop();
    const count = 30;
    for (let i = 0; i < count; i++) await bus.publish(verificationRequested(`replica-${i}@example.com`, `t${i}`));
    const sends = new Map<string, number>();
    const slow: Mailer = {
      kind: 'smtp',
      send: async (email) => {
        sends.set(email.id, (sends.get(email.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
      close: async () => undefined,
    };
    const pass = () => deliverDueEmails({ db: svc.db, mailer: slow, logger: testLogger, leaseMs: 60_000 }, 4);
    const drain = async () => {
      let claimed = 1;
      while (claimed > 0) ({ claimed } = await pass());
    };
    await Promise.all([drain(), drain(), drain(), drain()]);
    expect(sends.size).toBe(count);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    const { rows } = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from emails where to_address like 'replica-%' group by state`.execute(svc.db);
    expect(rows).toEqual([{ state: 'sent', n: count }]);
  });
}, { mailer: flakyMailer });
