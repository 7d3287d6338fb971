/**
 * Duplicate, delete, close and open from a list of own listings (manage listings, profile
 * settings): a confirm popup before deleting, and one status banner — deleted product, duplicated
 * product or a generic error (ProfilePageNew.*) — whose flag resets after 3 seconds (spec §4).
 */
import { useEffect, useState } from 'react';
import { useDeleteListing, useDuplicateListing, useListingAction, type Listing } from '../../api/catalog';
import { MESSAGE_KEYS, catalogUi, type MessageKey } from '../../i18n/catalogMessages';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormMessage } from '../Field';
import { listingActions } from '../../lib/listingActions';

export const STATUS_RESET_MS = 3000;

interface Status {
  key?: MessageKey;
  text: string;
  tone: 'success' | 'error';
}

export function useProductActions() {
  const duplicate = useDuplicateListing();
  const remove = useDeleteListing();
  const action = useListingAction();
  const [status, setStatus] = useState<Status | null>(null);
  const [confirming, setConfirming] = useState<Listing | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    if (!status) return undefined;
    const timer = window.setTimeout(() => setStatus(null), STATUS_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const flag = (key: MessageKey, tone: Status['tone']) => setStatus({ key, text: MESSAGE_KEYS[key], tone });
  const failed = () => flag('ProfilePageNew.haveError', 'error');

  const onDuplicate = (listing: Listing) => {
    setBusyId(listing.id);
    duplicate.mutate(listing.id, {
      onSuccess: () => flag('ProfilePageNew.duplicatedProduct', 'success'),
      onError: failed,
      onSettled: () => setBusyId(null),
    });
  };

  const onToggleOpen = (listing: Listing) => {
    const which = listingActions(listing.allowedTransitions).open ? 'open' : 'close';
    setBusyId(listing.id);
    action.mutate(
      { id: listing.id, action: which },
      {
        onSuccess: (l) => setStatus({ text: which === 'close' ? catalogUi.manage.closed(l.title) : catalogUi.manage.opened(l.title), tone: 'success' }),
        onError: failed,
        onSettled: () => setBusyId(null),
      },
    );
  };

  const confirmDelete = () => {
    const listing = confirming;
    if (!listing) return;
    remove.mutate(listing, {
      onSuccess: () => flag('ProfilePageNew.deletedProduct', 'success'),
      onError: failed,
      onSettled: () => setConfirming(null),
    });
  };

  const title = confirming?.title || catalogUi.common.untitled;
  const draft = confirming ? listingActions(confirming.allowedTransitions).remove === 'discard' : false;
  const dialog = confirming ? (
    <ConfirmDialog
      title={draft ? catalogUi.confirm.discardTitle : catalogUi.confirm.deleteTitle}
      onConfirm={confirmDelete}
      onCancel={() => setConfirming(null)}
      busy={remove.isPending}
    >
      {draft ? catalogUi.confirm.discardBody(title) : catalogUi.confirm.deleteBody(title)}
    </ConfirmDialog>
  ) : null;

  const banner = status ? (
    <div data-message-key={status.key}>
      <FormMessage tone={status.tone}>{status.text}</FormMessage>
    </div>
  ) : null;

  return { onDuplicate, onToggleOpen, askDelete: setConfirming, dialog, banner, busyId };
}
