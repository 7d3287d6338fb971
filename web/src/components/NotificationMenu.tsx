import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isNotificationPath, notificationText } from '@caskade/notifications/domain';
import { useMarkNotificationSeen, type NotificationView } from '../api/notifications';
import { ui } from '../i18n/messages';
import { formatDateTime } from '../i18n/format';
import { notificationsUi as t } from '../i18n/notificationMessages';
import { useBellNotifications } from '../lib/notifications';
import { enablePush, pushState, type PushState } from '../lib/push';
import { useDropdown } from '../lib/useDropdown';
import { BellIcon } from './Icons';

const iconButton = 'relative inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900';

/**
 * The top bar's bell: a dot while any notification is unseen; it opens the panel of the newest
 * ones. Opening one marks it seen and goes to its order or conversation.
 */
export function NotificationMenu() {
  const dropdown = useDropdown();
  const query = useBellNotifications(true);
  const unseen = query.data?.unseenCount ?? 0;
  const markSeen = useMarkNotificationSeen();
  const navigate = useNavigate();

  const open = (n: NotificationView) => {
    if (!n.seen) markSeen.mutate(n.id);
    dropdown.close();
    if (isNotificationPath(n.path)) void navigate(n.path);
  };

  return (
    <div ref={dropdown.containerRef} className="relative">
      <button {...dropdown.buttonProps} className={iconButton} aria-label={unseen > 0 ? ui.shell.notificationsUnseen(unseen) : ui.shell.notifications}>
        <BellIcon className="size-6" />
        {unseen > 0 ? <span aria-hidden="true" data-unseen-dot="" className="absolute top-2 right-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white" /> : null}
      </button>
      <div
        {...dropdown.panelProps}
        role="region"
        aria-label={t.heading}
        className="fixed inset-x-2 top-16 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
      >
        <h2 className="px-3 pt-2 pb-1 text-sm font-semibold text-stone-900">{t.heading}</h2>
        {query.isPending ? (
          <p className="px-3 py-3 text-sm text-stone-600">{t.loading}</p>
        ) : query.isError ? (
          <div className="px-3 py-3 text-sm text-red-700" role="alert">
            {t.error}{' '}
            <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
              {t.retry}
            </button>
          </div>
        ) : query.data.notifications.length === 0 ? (
          <p className="px-3 py-3 text-sm text-stone-600">{t.empty}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {query.data.notifications.map((n) => (
              <li key={n.id}>
                <NotificationItem n={n} onOpen={() => open(n)} />
              </li>
            ))}
          </ul>
        )}
        {dropdown.open ? <PushOption /> : null}
      </div>
    </div>
  );
}

function NotificationItem({ n, onOpen }: { n: NotificationView; onOpen: () => void }) {
  const text = notificationText(n);
  return (
    <button type="button" onClick={onOpen} data-notification={n.kind} className="flex w-full items-start gap-2 rounded-lg px-3 py-2.5 text-left hover:bg-stone-100">
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${n.seen ? 'bg-transparent' : 'bg-red-600'}`} />
      <span className="min-w-0">
        <span className={`block text-sm ${n.seen ? 'text-stone-700' : 'font-semibold text-stone-900'}`}>
          {n.seen ? null : <span className="sr-only">{t.unseen}: </span>}
          {text.title}
        </span>
        <span className="block text-sm text-stone-600">{text.body}</span>
        <span className="block text-xs text-stone-500">{formatDateTime(n.createdAt)}</span>
      </span>
    </button>
  );
}

/** Offers push on this device when the browser supports it and it is not on yet. */
function PushOption() {
  const [state, setState] = useState<PushState | 'busy' | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s), () => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  if (state === null || state === 'unsupported' || state === 'on') return null;
  if (state === 'denied') return <p className="border-t border-stone-100 px-3 pt-2 pb-1 text-xs text-stone-600">{t.pushDenied}</p>;
  return (
    <div className="border-t border-stone-100 px-3 pt-2 pb-1">
      <p className="text-xs text-stone-600">{state === 'failed' ? t.pushFailed : t.pushOff}</p>
      <button
        type="button"
        className="mt-1 text-sm font-medium text-brand-800 underline disabled:opacity-60"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          enablePush().then(setState, () => setState('failed'));
        }}
      >
        {state === 'busy' ? t.pushEnabling : t.pushEnable}
      </button>
    </div>
  );
}
