import { consumeOnce, isUuid, type SubscribeOptions } from '@caskade/kit';
import type { MessagingDeps } from '../app/deps';
import { applyName, setStatus } from '../db/participants';
import { ParticipantsConsumer } from './registry';

/**
 * Names and deletions from identity (once per event): a sign-up or a profile change renames the
 * account in every conversation it has (older versions never overwrite newer), a deletion shows it
 * as Deleted user. Bans come through the kit's session revocations (index.ts).
 */
export function participantsConsumer(deps: MessagingDeps): SubscribeOptions {
  return ParticipantsConsumer.handle(async (event) => {
    const userId = event.data.userId;
    if (!isUuid(userId)) {
      deps.logger.warn({ eventId: event.id }, 'identity event without a user id, ignored');
      return;
    }
    await consumeOnce(deps.db, ParticipantsConsumer.name, event, async (trx) => {
      const now = deps.now();
      switch (event.type) {
        case 'identity.user.signed_up': {
          const { role, companyName, firstName } = event.data;
          if (role !== 'buyer' && role !== 'supplier') return;
          await applyName(trx, userId, role, companyName || firstName, event.aggregateVersion, now);
          return;
        }
        case 'identity.user.profile_changed': {
          const { role, brandName, displayName } = event.data;
          if (role !== 'buyer' && role !== 'supplier') return;
          await applyName(trx, userId, role, role === 'supplier' ? brandName || displayName : displayName, event.aggregateVersion, now);
          return;
        }
        case 'identity.user.deleted':
          await setStatus(trx, userId, 'deleted', now);
          return;
      }
    });
  });
}
