import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { contactMessageSchema, type ContactMessageInput } from '@caskade/notifications/domain';
import { TEXTAREA_MAX } from '@caskade/kit/rules';
import { api, isApiError } from '../api/client';
import { useCurrentUser } from '../api/session';
import { useRouteDef } from '../app/routeContext';
import { FormMessage, TextField } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { CONTACT_EMAIL, STATIC_PAGES } from '../content/staticPages';
import { contactUi as t } from '../i18n/accountInfoMessages';
import { useForm } from '../lib/useForm';
import { useFormSubmit } from '../lib/useFormSubmit';
import { schemaErrors } from '../lib/validation';

/** /contact-us: how to reach us (a mailto link, the office) and the contact form (POST /api/send-contact-us-email). */
export default function ContactUsPage() {
  const route = useRouteDef();
  const content = STATIC_PAGES.ContactUsPage;
  return (
    <PageContainer width="medium">
      <PageHeading title={route?.title ?? ''} intro={content?.intro} />
      <section id="email" aria-labelledby="email-heading" className="mt-8 border-t border-stone-200 pt-6">
        <h2 id="email-heading" className="text-lg font-semibold text-stone-900">
          {t.emailHeading}
        </h2>
        <p className="mt-2 text-stone-700">
          {t.orEmail}{' '}
          <a className="link" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          . {t.replyTime}
        </p>
      </section>
      {content?.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-8 border-t border-stone-200 pt-6">
          <h2 id={`${section.id}-heading`} className="text-lg font-semibold text-stone-900">
            {section.heading}
          </h2>
          <p className="mt-2 text-stone-700">{section.body}</p>
        </section>
      ))}
      <ContactForm />
    </PageContainer>
  );
}

type Values = { name: string; email: string; subject: string; message: string };

function ContactForm() {
  const { data: user } = useCurrentUser();
  const send = useMutation({ mutationFn: (body: ContactMessageInput) => api<{ id: string }>('POST', '/api/send-contact-us-email', body) });
  const validate = useCallback((v: Values) => schemaErrors(contactMessageSchema, v), []);
  const empty: Values = {
    name: user ? [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  };
  const form = useForm(empty, validate);
  const { formRef, formError, setFormError, saved, setSaved, submit, showError } = useFormSubmit(form);
  const onSend = () =>
    send.mutate(
      { name: form.values.name.trim(), email: form.values.email.trim(), subject: form.values.subject.trim(), message: form.values.message.trim() },
      {
        onSuccess: () => {
          form.reset({ ...empty, name: form.values.name, email: form.values.email });
          setSaved(true);
        },
        onError: (error) => (isApiError(error) && error.code === 'too-many-requests' ? setFormError(t.tooMany) : showError(error, { focusFields: true })),
      },
    );
  return (
    <section aria-labelledby="contact-form-heading" className="card mt-10 p-5 sm:p-6">
      <h2 id="contact-form-heading" className="text-lg font-semibold text-stone-900">
        {t.formTitle}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.formIntro}</p>
      <form ref={formRef} noValidate onSubmit={submit(onSend)} className="mt-5 grid gap-5">
        {saved ? <FormMessage tone="success">{t.sent}</FormMessage> : null}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t.name} autoComplete="name" required maxLength={100} {...form.text('name')} />
          <TextField label={t.email} type="email" autoComplete="email" required {...form.text('email')} />
        </div>
        <TextField label={t.subject} required maxLength={150} {...form.text('subject')} />
        <TextField label={t.message} multiline rows={6} required maxLength={TEXTAREA_MAX} hint={t.messageHint} {...form.text('message')} />
        <div>
          <button type="submit" className="btn-primary" disabled={send.isPending}>
            {send.isPending ? t.sending : t.send}
          </button>
        </div>
      </form>
    </section>
  );
}
