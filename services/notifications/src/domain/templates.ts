/**
 * Email templates: pure functions from an event's facts to a subject, a plain-text body and an
 * HTML body (en-AU). Every piece of user-supplied text is cleaned for the text part and escaped for
 * the HTML part; links are built here so their query strings are always URL-encoded.
 */
import { LOCALE } from '@caskade/kit/rules';

/** The order emails (the spec's notification kinds), sent on orders.order.transitioned (order-emails.ts). */
/** Emails of an order's move (orders.order.transitioned; domain/order-emails.ts says which). */
export const ORDER_TRANSITION_EMAIL_KINDS = ['newOrder', 'orderDelivered', 'orderReceived', 'orderDisputed', 'orderReceivedFromDisputed', 'orderCancelled', 'autoCancelOrderFromDisputed'] as const;
/** Reminders before an order's automatic step, and a standing order's coming run (orders.order.reminder). */
export const ORDER_REMINDER_EMAIL_KINDS = ['orderReceivedReminder', 'expireShippingTime', 'dueDate', 'standingOrderRun'] as const;
export const ORDER_EMAIL_KINDS = [...ORDER_TRANSITION_EMAIL_KINDS, ...ORDER_REMINDER_EMAIL_KINDS] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export const EMAIL_KINDS = ['verify-email', 'password-reset', 'contact-message', ...ORDER_EMAIL_KINDS] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateSettings {
  /** The web app's origin, e.g. `https://caskade.com.au`; a trailing slash is ignored. */
  publicUrl: string;
  /** Expiry times are shown in this zone, the marketplace's home time. */
  timeZone?: string;
}

export interface VerificationEmailInput {
  firstName: string;
  token: string;
  /** ISO 8601 instant; an unparseable value renders without a date rather than a wrong one. */
  expiresAt: string;
}

export interface PasswordResetEmailInput {
  email: string;
  firstName: string;
  token: string;
  expiresAt: string;
}

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
const NAME_MAX = 100;
const BRAND = 'Caskade';
const TAGLINE = 'The trade marketplace for Australia’s independent drinks makers';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * A name as it may appear in an email: control characters and line breaks become spaces (so a
 * name cannot forge extra lines in the text part), runs of whitespace collapse, length is capped.
 */
export function cleanName(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();
  return [...flat].slice(0, NAME_MAX).join('');
}

/** `Friday 3 April 2026 at 2:30 pm AEDT`, or null for a missing or invalid instant. */
export function formatExpiry(expiresAt: string, timeZone = DEFAULT_TIME_ZONE): string | null {
  const at = new Date(expiresAt);
  if (expiresAt.trim() === '' || Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALE, {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
    hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short',
  }).format(at);
}

/** A link into the web app; the path's parts are the caller's to encode, the query is encoded here. */
export function link(settings: TemplateSettings, path: string, query: Record<string, string> = {}): string {
  const origin = settings.publicUrl.replace(/\/+$/, '');
  const qs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return qs ? `${origin}${path}?${qs}` : `${origin}${path}`;
}

export function greeting(firstName: string): string {
  const name = cleanName(firstName);
  return name ? `Hi ${name},` : 'Hi there,';
}

function expiryLine(expiresAt: string, settings: TemplateSettings): string {
  const when = formatExpiry(expiresAt, settings.timeZone);
  return when ? `For your security, this link expires on ${when}.` : 'For your security, this link expires soon.';
}

/** An email's parts, all as plain text: the renderers escape them for HTML. */
export interface Layout {
  preheader: string;
  greeting: string;
  paragraphs: string[];
  /** Someone's own words (a dispute reason), quoted after the paragraphs, its line breaks kept. */
  quote?: string;
  action: { label: string; url: string };
  afterAction: string[];
}

function renderText(l: Layout): string {
  return [
    l.greeting,
    ...l.paragraphs,
    ...(l.quote ? [l.quote.split('\n').map((line) => `> ${line}`).join('\n')] : []),
    `${l.action.label}:\n${l.action.url}`,
    ...l.afterAction,
    `Cheers,\nThe ${BRAND} team`,
    // "-- " (with the space) is the signature separator mail clients recognise.
    `-- \n${BRAND} · ${TAGLINE}`,
  ].join('\n\n') + '\n';
}

/** Table layout with inline styles: what email clients reliably render. All text arrives unescaped. */
function renderHtml(subject: string, l: Layout): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#2b2118;">${escapeHtml(text)}</p>`;
  const url = escapeHtml(l.action.url);
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(l.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ea;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="background:#7a3e12;border-radius:8px 8px 0 0;padding:20px 32px;font-size:24px;font-weight:bold;color:#ffffff;letter-spacing:0.5px;">${BRAND}</td></tr>
<tr><td style="padding:32px;">
${p(l.greeting)}
${l.paragraphs.map(p).join('\n')}
${l.quote ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #eee4d8;font-size:16px;line-height:24px;color:#2b2118;white-space:pre-line;">${escapeHtml(l.quote)}</blockquote>` : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:#b35c1e;border-radius:6px;">
<a href="${url}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(l.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#6b5d50;">If the button doesn’t work, copy this link into your browser:<br><a href="${url}" style="color:#7a3e12;word-break:break-all;">${url}</a></p>
${l.afterAction.map(p).join('\n')}
${p('Cheers,')}
<p style="margin:0;font-size:16px;line-height:24px;color:#2b2118;">The ${BRAND} team</p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eee4d8;font-size:12px;line-height:18px;color:#8a7b6d;">${BRAND} · ${escapeHtml(TAGLINE)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function render(subject: string, layout: Layout): RenderedEmail {
  return { subject, text: renderText(layout), html: renderHtml(subject, layout) };
}

export function verificationEmail(input: VerificationEmailInput, settings: TemplateSettings): RenderedEmail {
  return render('Please confirm your email address for Caskade', {
    preheader: 'One quick step to confirm your email address.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'Please confirm that this is your email address, so we can keep you up to date on your orders and messages.',
    ],
    action: { label: 'Confirm my email address', url: link(settings, '/verify-email', { token: input.token }) },
    afterAction: [
      expiryLine(input.expiresAt, settings),
      'If you didn’t sign up for Caskade or change your email address, you can safely ignore this email.',
    ],
  });
}

export function passwordResetEmail(input: PasswordResetEmailInput, settings: TemplateSettings): RenderedEmail {
  return render('Reset your Caskade password', {
    preheader: 'Use this link to choose a new password.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'We received a request to reset the password for your Caskade account. Choose a new password using the link below.',
    ],
    action: { label: 'Choose a new password', url: link(settings, '/reset-password', { email: input.email, token: input.token }) },
    afterAction: [
      expiryLine(input.expiresAt, settings),
      'If you didn’t ask to reset your password, you can ignore this email: your password stays the same.',
    ],
  });
}
