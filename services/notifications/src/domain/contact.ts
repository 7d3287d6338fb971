/**
 * The contact form (product-spec §1, `/contact-us`; docs/decisions/059): what a message must be,
 * and the email the marketplace's inbox gets. Pure and browser-safe: the web app checks a message
 * with the same schema before sending it.
 */
import { z } from 'zod';
import { MSG, TEXTAREA_MAX, emailField, requiredText } from '@caskade/kit/rules';
import { cleanName, render, type RenderedEmail } from './templates';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 150;
/** How many messages one client may send: a few an hour is plenty for a person, little for a spammer. */
export const CONTACT_RATE_LIMIT = { points: 5, durationSeconds: 3600 } as const;

export const contactMessageSchema = z
  .object({
    name: requiredText(CONTACT_NAME_MAX),
    email: emailField,
    subject: requiredText(CONTACT_SUBJECT_MAX),
    message: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(TEXTAREA_MAX, { error: MSG.tooLong }),
  })
  .strict();
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** The email to the marketplace's inbox: who wrote, about what, their words quoted, and a reply link to them. */
export function contactMessageEmail(m: ContactMessage): RenderedEmail {
  const name = cleanName(m.name);
  const subject = cleanName(m.subject);
  return render(`Contact form: ${subject}`, {
    preheader: `${name} wrote through the contact form.`,
    greeting: 'Hi team,',
    paragraphs: [`${name} (${m.email}) sent a message through the contact form on Caskade:`, `Subject: ${subject}`],
    quote: m.message,
    action: { label: `Reply to ${name}`, url: `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${subject}`)}` },
    afterAction: ['The message is kept with the marketplace’s contact messages.'],
  });
}
