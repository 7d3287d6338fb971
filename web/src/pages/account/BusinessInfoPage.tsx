import { useCallback } from 'react';
import { formatPhone, formatPhoneInput } from '@caskade/kit/rules';
import { businessInfoSchema } from '@caskade/identity/domain';
import type { CurrentUser } from '@caskade/gateway/contract';
import { useUpdateProfile } from '../../api/account';
import { useCurrentUser } from '../../api/session';
import { FormMessage, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { businessInfoUi as t } from '../../i18n/accountInfoMessages';
import { ui } from '../../i18n/messages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { schemaErrors } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { SaveButton } from './accountForm';

/** /account/contact-details/info: a supplier's business details — ABN/ACN, legal entity, licences, address and contact number. */
export default function BusinessInfoPage() {
  const { data: user } = useCurrentUser();
  return (
    <AccountLayout title={ui.account.tabs.info}>
      {!user ? <Spinner /> : user.role === 'supplier' ? <BusinessInfoForm key={user.id} user={user} /> : <FormMessage tone="info">{t.suppliersOnly}</FormMessage>}
    </AccountLayout>
  );
}

type Values = { businessName: string; legalEntityName: string; abnAcn: string; retailLiquorLicence: string; wholesaleLiquorLicence: string; address: string; contactNumber: string };

const valuesOf = (p: CurrentUser['profile']): Values => ({
  businessName: p.businessName, legalEntityName: p.legalEntityName, abnAcn: p.abnAcn, retailLiquorLicence: p.retailLiquorLicence,
  wholesaleLiquorLicence: p.wholesaleLiquorLicence, address: p.address, contactNumber: formatPhone(p.contactNumber),
});

function BusinessInfoForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const validate = useCallback((v: Values) => schemaErrors(businessInfoSchema, v), []);
  const form = useForm(valuesOf(user.profile), validate);
  const { formRef, formError, saved, setSaved, submit, showError } = useFormSubmit(form);
  const send = () => {
    const v = form.values;
    update.mutate(
      {
        businessName: v.businessName.trim(), legalEntityName: v.legalEntityName.trim(), abnAcn: v.abnAcn.replace(/\s/g, ''),
        retailLiquorLicence: v.retailLiquorLicence.trim(), wholesaleLiquorLicence: v.wholesaleLiquorLicence.trim(), address: v.address.trim(),
        contactNumber: v.contactNumber.trim(),
      },
      {
        onSuccess: (updated) => {
          form.reset(valuesOf(updated.profile));
          setSaved(true);
        },
        onError: (error) => showError(error, { focusFields: true }),
      },
    );
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit(send)}>
      <p className="mb-6 text-stone-600">{t.intro}</p>
      {saved ? <FormMessage tone="success">{t.saved}</FormMessage> : null}
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <SettingsCard title={t.registration} description={t.registrationDescription}>
        <div className="grid gap-5">
          <TextField label={ui.auth.businessName} autoComplete="organization" required {...form.text('businessName')} />
          <TextField label={ui.auth.legalEntityName} required {...form.text('legalEntityName')} />
          <TextField label={ui.auth.abnAcn} inputMode="numeric" required hint={ui.auth.abnAcnHint} {...form.text('abnAcn')} />
        </div>
      </SettingsCard>
      <SettingsCard title={t.licences} description={t.licencesDescription}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={ui.auth.retailLicence} optional {...form.text('retailLiquorLicence')} />
          <TextField label={ui.auth.wholesaleLicence} optional {...form.text('wholesaleLiquorLicence')} />
        </div>
      </SettingsCard>
      <SettingsCard title={t.contact}>
        <div className="grid gap-5">
          <TextField label={ui.auth.address} autoComplete="street-address" required hint={t.addressHint} {...form.text('address')} />
          <TextField label={ui.auth.contactNumber} type="tel" autoComplete="tel" inputMode="tel" required hint={ui.auth.phoneHint} {...form.text('contactNumber', formatPhoneInput)} />
        </div>
      </SettingsCard>
      <SaveButton label={t.save} pending={update.isPending} />
    </form>
  );
}
