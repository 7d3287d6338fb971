import { AppError, checkHealth } from '@caskade/kit';
import { ctxAs, describeNotifications, linkIn, verificationRequested, waitFor } from '../testing/harness';

describeNotifications('notifications: the mailbox over gRPC', (h, { test: it }) => {
  it('ListMailbox over gRPC: operators only, newest first, limit and recipient filter', async () => {
    const { bus, client, mailboxTo } = h();
    const to = 'filter@venue.com.au';
    for (const token of ['first', 'second', 'third']) {
      await bus.publish(verificationRequested(to, token));
      await waitFor(async () => (await mailboxTo(to)).some((m) => m.text_body.includes(`token=${token}`)), `email ${token}`);
    }
    const mine = await client.listMailbox({ limit: 0, to: 'FILTER@venue.com.au' }, ctxAs('operator'));
    expect(mine.messages.map((m) => linkIn(m.text).searchParams.get('token'))).toEqual(['third', 'second', 'first']);
    expect(mine.messages[0]).toMatchObject({ to, kind: 'verify-email', subject: 'Please confirm your email address for Caskade' });
    expect(mine.messages[0]!.html).toContain('<html lang="en-AU">');
    expect(Number.isNaN(Date.parse(mine.messages[0]!.createdAt))).toBe(false);

    const newest = await client.listMailbox({ limit: 2, to: '' }, ctxAs('operator'));
    expect(newest.messages).toHaveLength(2);
    expect(newest.messages[0]!.id).toBe(mine.messages[0]!.id);
    const all = await client.listMailbox({ limit: 200, to: '' }, ctxAs('operator'));
    const times = all.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    for (const role of ['buyer', 'supplier', null] as const) {
      const err: unknown = await client.listMailbox({ limit: 10, to: '' }, ctxAs(role)).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('forbidden');
    }
    const tooMany: unknown = await client.listMailbox({ limit: 201, to: '' }, ctxAs('operator')).then(() => null, (e: unknown) => e);
    expect((tooMany as AppError).code).toBe('validation-invalid-params');
    expect((tooMany as AppError).meta).toEqual({ fields: { limit: expect.any(String) } });
  });

  // Last: it stops the suite's service.
  it('health is SERVING while up and not after stop', async () => {
    const { svc, stop } = h();
    expect(await checkHealth(svc.grpcAddress)).toBe(true);
    expect(await checkHealth(svc.grpcAddress, 'caskade.notifications.v1.NotificationsService')).toBe(true);
    await stop();
    expect(await checkHealth(svc.grpcAddress, '', 300)).toBe(false);
  });
});
