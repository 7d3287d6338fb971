import { useSyncExternalStore } from 'react';
import { formatDate, formatDateIn } from '../i18n/format';

const noChange = () => () => undefined;

/**
 * A date as the reader's own calendar shows it. A page the server rendered (ADR 062) is hydrated
 * with the server's markup, which cannot know the reader's time zone: there, and in the hydrating
 * render, the date is Caskade's home zone (Australia/Sydney); once hydrated, React renders it again
 * in the reader's zone. A page drawn in the browser shows the reader's zone at once.
 */
export function LocalDate({ value, className }: { value: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return (
    <time dateTime={value} className={className}>
      {inBrowser ? formatDate(value) : formatDateIn(value, HOME_TIME_ZONE)}
    </time>
  );
}

export const HOME_TIME_ZONE = 'Australia/Sydney';
