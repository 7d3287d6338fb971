import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../api/client';
import type { MailboxEmail } from '@caskade/gateway/contract';
import { FormMessage } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { formatDateTime } from '../i18n/format';
import { errorCodeMessage, ui } from '../i18n/messages';
import { linksInText, splitLinks, withLinksInNewTab } from '../lib/emailLinks';

/** The embedded mode's outgoing mail, for operators: GET /api/operator/mailbox, newest first. */
export default function OperatorMailboxPage() {
  const mailbox = useQuery({
    queryKey: ['operator-mailbox'],
    queryFn: () => api<MailboxEmail[]>('GET', '/api/operator/mailbox'),
  });
  const emails = [...(mailbox.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <PageContainer>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={ui.mailbox.title} intro={ui.mailbox.intro} />
        <button type="button" className="btn-secondary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          {ui.mailbox.refresh}
        </button>
      </div>
      {mailbox.isPending ? <Spinner /> : null}
      {mailbox.isError ? (
        <FormMessage tone="error">
          {isApiError(mailbox.error) && mailbox.error.status === 403 ? ui.mailbox.forbidden : errorCodeMessage(isApiError(mailbox.error) ? mailbox.error.code : 'internal')}
        </FormMessage>
      ) : null}
      {mailbox.isSuccess && emails.length === 0 ? <p className="text-stone-600">{ui.mailbox.empty}</p> : null}
      <ol className="grid gap-6">
        {emails.map((email) => (
          <li key={email.id}>
            <EmailCard email={email} />
          </li>
        ))}
      </ol>
    </PageContainer>
  );
}

function EmailCard({ email }: { email: MailboxEmail }) {
  const [view, setView] = useState<'html' | 'text'>(email.html ? 'html' : 'text');
  const links = linksInText(email.text);
  const headingId = `email-${email.id}`;
  return (
    <article aria-labelledby={headingId} className="card overflow-hidden">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-stone-900">
            {email.subject}
          </h2>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
            <div className="flex gap-1">
              <dt>{ui.mailbox.to}:</dt>
              <dd className="font-medium text-stone-800">{email.to}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{ui.mailbox.sent}:</dt>
              <dd>
                <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
              </dd>
            </div>
          </dl>
        </div>
        {email.html ? (
          <div role="group" aria-label={email.subject} className="inline-flex rounded-lg border border-stone-300 p-0.5 text-sm">
            {(['html', 'text'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => setView(mode)}
                className={`rounded-md px-3 py-1 font-medium ${view === mode ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
              >
                {mode === 'html' ? ui.mailbox.viewHtml : ui.mailbox.viewText}
              </button>
            ))}
          </div>
        ) : null}
      </header>
      {view === 'html' && email.html ? (
        // No scripts and no same-origin access; links open outside the frame.
        <iframe
          title={ui.mailbox.frameTitle(email.subject)}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={withLinksInNewTab(email.html)}
          className="h-[28rem] w-full bg-white"
        />
      ) : (
        <pre className="overflow-x-auto px-5 py-4 font-sans text-sm whitespace-pre-wrap text-stone-800">
          {splitLinks(email.text).map((part, index) =>
            part.href ? (
              <a key={index} href={part.href} className="link break-all">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </pre>
      )}
      {links.length > 0 ? (
        <footer className="border-t border-stone-200 bg-stone-50 px-5 py-3">
          <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{ui.mailbox.links}</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {links.map((href) => (
              <li key={href}>
                <a href={href} className="link break-all">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}
