/**
 * Identity's events on a local bus → queued email → delivered into the mailbox, on each database.
 */
import { sql } from 'kysely';
import { describeNotifications, linkIn, passwordResetRequested, PUBLIC_URL, testLogger, verificationRequested, waitFor } from '../testing/harness';
import { emailConsumer } from './email-consumer';

describeNotifications('notifications: emails for identity’s events', (h, { test: it }) => {
  it('a verification request puts exactly one email with a working link in the mailbox', async () => {
    const { bus, emailsTo, mailboxTo } = h();
    const to = 'matilda@bottle-o.com.au';
    const token = 'tok+/=en&x';
    await bus.publish(verificationRequested(to, token, '<b>Matilda</b>'));
    await waitFor(async () => (await emailsTo(to))[0]?.state === 'sent', 'delivery');

    const [mail, ...more] = await mailboxTo(to);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'verify-email', subject: 'Please confirm your email address for Caskade' });
    const url = linkIn(mail!.text_body);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/verify-email`);
    expect(url.searchParams.get('token')).toBe(token);
    expect(mail!.html_body).toContain('Hi &lt;b&gt;Matilda&lt;/b&gt;,');
    expect(mail!.html_body).not.toContain('<b>Matilda');
    const [queued] = await emailsTo(to);
    expect(queued).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
  });

  it('a password reset request sends the reset link with email and token', async () => {
    const { bus, emailsTo, mailboxTo } = h();
    const to = 'Tom.OBrien+orders@pub.com.au';
    await bus.publish(passwordResetRequested(to, 'reset token/1'));
    await waitFor(async () => (await emailsTo(to))[0]?.state === 'sent', 'delivery');
    const mails = await mailboxTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('password-reset');
    const url = linkIn(mails[0]!.text_body);
    expect(url.pathname).toBe('/reset-password');
    expect(url.searchParams.get('email')).toBe(to);
    expect(url.searchParams.get('token')).toBe('reset token/1');
  });

  it('a redelivered event sends nothing twice (bus redelivery and concurrent duplicates)', async () => {
    const { svc, bus, emailsTo, mailboxTo } = h();
    const to = 'twice@example.com.au';
    const event = verificationRequested(to, 'once');
    await bus.publish(event);
    await bus.publish(event);
    // What JetStream does after a lost ack: the same event reaches the consumer's handler again,
    // here also from another replica at the same moment.
    const replica = emailConsumer({ db: svc.db, settings: { publicUrl: PUBLIC_URL }, logger: testLogger, queued: () => svc.sender.wake() });
    await Promise.all([replica.handler(event), replica.handler(event)]);
    await replica.handler(structuredClone(event));
    await waitFor(async () => (await emailsTo(to)).every((e) => e.state === 'sent'), 'delivery');
    await new Promise((r) => setTimeout(r, 150));
    expect(await emailsTo(to)).toHaveLength(1);
    expect(await mailboxTo(to)).toHaveLength(1);
    const inbox = await sql<{ consumer: string }>`select consumer from processed_events where event_id = ${event.id}`.execute(svc.db);
    expect(inbox.rows).toEqual([{ consumer: 'notifications-emails' }]);
  });

  it('a malformed event is refused (retried, then dead-lettered) and queues nothing', async () => {
    const { bus, emailsTo } = h();
    const bad = verificationRequested('not-an-address', 'tok');
    await bus.publish(bad);
    expect(bus.deadLetters().map((d) => d.event?.id)).toContain(bad.id);
    expect(await emailsTo('not-an-address')).toHaveLength(0);
  });
});
