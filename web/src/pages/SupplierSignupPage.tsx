import { useCallback } from 'react';
import { formatPhoneInput, isEmail } from '@caskade/kit/rules';
import { FormSection } from '../components/AuthCard';
import { TextField } from '../components/Field';
import { ui } from '../i18n/messages';
import { useAvailability } from '../lib/useAvailability';
import { useForm } from '../lib/useForm';
import { schemaErrors } from '../lib/validation';
import { AccountSection, SignupCard, TermsCheckbox, availabilityProps, commonSignupFields, commonSignupInitial, useSignupFlow } from './signup/signupFlow';
import { supplierSignupSchema } from '@caskade/identity/domain';

const initial = {
  ...commonSignupInitial,
  favouriteDrink: '',
  brandName: '',
  businessName: '',
  legalEntityName: '',
  retailLiquorLicence: '',
  wholesaleLiquorLicence: '',
  address: '',
  contactNumber: '',
};
type SupplierValues = typeof initial;

/** Every message, cross-field ones included, comes from the shared schema. */
export function validateSupplier(values: SupplierValues) {
  return schemaErrors(supplierSignupSchema, { ...values, userType: 'supplier' });
}

const optional = (value: string): string | undefined => (value.trim() ? value.trim() : undefined);

export default function SupplierSignupPage() {
  const validate = useCallback(validateSupplier, []);
  const form = useForm(initial, validate);
  const { values, clientErrors } = form;
  const emailAvailability = useAvailability('email', values.email, isEmail(values.email));
  const brandAvailability = useAvailability('name', values.brandName, !clientErrors['brandName']);
  const businessAvailability = useAvailability('name', values.businessName, !clientErrors['businessName']);
  const flow = useSignupFlow({
    form,
    nameField: 'brandName',
    blocked: [emailAvailability, brandAvailability, businessAvailability].includes('taken'),
  });

  return (
    <SignupCard
      title={ui.auth.supplierTitle}
      intro={ui.auth.supplierIntro}
      switchTo="buyer"
      flow={flow}
      payload={() => ({
        userType: 'supplier',
        ...commonSignupFields(values),
        favouriteDrink: optional(values.favouriteDrink),
        brandName: values.brandName.trim(),
        businessName: values.businessName.trim(),
        legalEntityName: values.legalEntityName.trim(),
        retailLiquorLicence: optional(values.retailLiquorLicence),
        wholesaleLiquorLicence: optional(values.wholesaleLiquorLicence),
        address: values.address.trim(),
        contactNumber: values.contactNumber.trim(),
      })}
    >
      <AccountSection form={form} emailAvailability={emailAvailability} />
      <FormSection title={ui.auth.sectionYou}>
        <TextField label={ui.auth.firstName} autoComplete="given-name" required {...form.text('firstName')} />
        <TextField label={ui.auth.lastName} autoComplete="family-name" required {...form.text('lastName')} />
        <TextField label={ui.auth.phone} type="tel" autoComplete="tel" inputMode="tel" required hint={ui.auth.phoneHint} {...form.text('phoneNumber', formatPhoneInput)} />
        <TextField label={ui.auth.favouriteDrink} optional {...form.text('favouriteDrink')} />
      </FormSection>
      <FormSection title={ui.auth.sectionBusiness}>
        <TextField
          label={ui.auth.brandName}
          required
          maxLength={120}
          {...form.text('brandName')}
          {...availabilityProps(brandAvailability, 'name-taken', form.errorFor('brandName'))}
        />
        <TextField
          label={ui.auth.businessName}
          required
          maxLength={120}
          {...form.text('businessName')}
          {...availabilityProps(businessAvailability, 'name-taken', form.errorFor('businessName'))}
        />
        <TextField label={ui.auth.companyName} autoComplete="organization" required maxLength={120} {...form.text('companyName')} />
        <TextField label={ui.auth.legalEntityName} required {...form.text('legalEntityName')} />
        <TextField label={ui.auth.abnAcn} inputMode="numeric" required hint={ui.auth.abnAcnHint} {...form.text('abnAcn')} />
        <TextField label={ui.auth.contactNumber} type="tel" inputMode="tel" required {...form.text('contactNumber', formatPhoneInput)} />
        <TextField label={ui.auth.retailLicence} optional {...form.text('retailLiquorLicence')} />
        <TextField label={ui.auth.wholesaleLicence} optional {...form.text('wholesaleLiquorLicence')} />
        <TextField className="sm:col-span-2" label={ui.auth.address} autoComplete="street-address" required {...form.text('address')} />
      </FormSection>
      <TermsCheckbox form={form} />
    </SignupCard>
  );
}
