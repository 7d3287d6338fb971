import { useCallback } from 'react';
import { CATEGORIES, CATEGORY_LABELS, formatPhoneInput, isEmail, type Category } from '@caskade/kit/rules';
import { FormSection } from '../components/AuthCard';
import { CheckboxGroup, TextField } from '../components/Field';
import { ui } from '../i18n/messages';
import { useAvailability } from '../lib/useAvailability';
import { useForm } from '../lib/useForm';
import { schemaErrors } from '../lib/validation';
import { AccountSection, SignupCard, TermsCheckbox, commonSignupFields, commonSignupInitial, useSignupFlow } from './signup/signupFlow';
import { buyerSignupSchema } from '@caskade/identity/domain';

const initial = { ...commonSignupInitial, favouriteCategories: [] as string[] };
type BuyerValues = typeof initial;

/** Every message, the passwords-match check included, comes from the shared schema. */
export function validateBuyer(values: BuyerValues) {
  return schemaErrors(buyerSignupSchema, { ...values, userType: 'buyer' });
}

const categoryOptions = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

export default function BuyerSignupPage() {
  const validate = useCallback(validateBuyer, []);
  const form = useForm(initial, validate);
  const { values } = form;
  const emailAvailability = useAvailability('email', values.email, isEmail(values.email));
  // Only suppliers' brand and business names are unique; a buyer's company name is not.
  const flow = useSignupFlow({ form, nameField: 'companyName', blocked: emailAvailability === 'taken' });

  return (
    <SignupCard
      title={ui.auth.buyerTitle}
      intro={ui.auth.buyerIntro}
      switchTo="supplier"
      flow={flow}
      payload={() => ({ userType: 'buyer', ...commonSignupFields(values), favouriteCategories: values.favouriteCategories as Category[] })}
    >
      <AccountSection form={form} emailAvailability={emailAvailability} />
      <FormSection title={ui.auth.sectionYou}>
        <TextField label={ui.auth.firstName} autoComplete="given-name" required {...form.text('firstName')} />
        <TextField label={ui.auth.lastName} autoComplete="family-name" required {...form.text('lastName')} />
        <TextField
          className="sm:col-span-2"
          label={ui.auth.mobile}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={ui.auth.phoneHint}
          {...form.text('phoneNumber', formatPhoneInput)}
        />
      </FormSection>
      <FormSection title={ui.auth.sectionBusiness}>
        <TextField label={ui.auth.companyName} autoComplete="organization" required maxLength={120} {...form.text('companyName')} />
        <TextField label={ui.auth.abnAcn} inputMode="numeric" required hint={ui.auth.abnAcnHint} {...form.text('abnAcn')} />
      </FormSection>
      <FormSection title={ui.auth.sectionPreferences}>
        <div className="sm:col-span-2">
          <CheckboxGroup
            name="favouriteCategories"
            legend={ui.auth.favouriteCategories}
            options={categoryOptions}
            selected={values.favouriteCategories}
            onChange={(selected) => form.setValue('favouriteCategories', selected)}
            error={form.errorFor('favouriteCategories')}
          />
        </div>
        <div className="sm:col-span-2">
          <TermsCheckbox form={form} />
        </div>
      </FormSection>
    </SignupCard>
  );
}
