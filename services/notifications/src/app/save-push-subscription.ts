import { invalidParams, requireCaller, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { saveSubscription, type PushSubscriptionKeys } from '../db/pushes';
import type { NotificationsDB } from '../db/schema';

/**
 * Save the caller's browser for pushes. Only https push services, unless the service allows
 * plain http (tests' local push service): the endpoint is where this service sends requests.
 */
export async function savePushSubscription(db: Kysely<NotificationsDB>, ctx: CallContext, sub: PushSubscriptionKeys, allowHttp: boolean): Promise<void> {
  const caller = requireCaller(ctx);
  if (!allowHttp && !sub.endpoint.startsWith('https://')) throw invalidParams({ endpoint: 'validation.invalidValue' });
  await saveSubscription(db, caller.userId, sub);
}
