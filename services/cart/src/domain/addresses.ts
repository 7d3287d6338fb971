/**
 * Delivery addresses (product-spec §3, §5: every field required; Australian state, 4-digit
 * postcode, Australian phone), as a zod schema whose messages are the web app's message keys.
 * Pure and browser-safe.
 */
import { z } from 'zod';
import { AU_STATES, MSG, emailField, phoneField, requiredText } from '@caskade/kit/rules';

/** A buyer keeps at most this many delivery addresses. */
export const MAX_DELIVERY_ADDRESSES = 20;
export const ADDRESS_COUNTRIES = ['AU'] as const;

export const ADDRESS_MSG = {
  required: MSG.required,
  stateInvalid: 'validation.stateInvalid',
  countryInvalid: 'validation.countryInvalid',
  postalCodeInvalid: 'validation.postalCodeInvalid',
  phoneInvalid: MSG.phoneInvalid,
  emailInvalid: MSG.emailInvalid,
  tooManyAddresses: 'validation.tooManyAddresses',
} as const;

/** A required choice: blank is `required`, anything else outside `values` is `invalid`. */
const requiredChoice = <T extends string>(values: readonly T[], invalid: string) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .transform((v) => v.toUpperCase())
    .refine((v): v is T => (values as readonly string[]).includes(v), { error: invalid })
    .transform((v) => v as T);

export const deliveryAddressSchema = z.object({
  name: requiredText(200),
  street: requiredText(300),
  city: requiredText(100),
  state: requiredChoice(AU_STATES, ADDRESS_MSG.stateInvalid),
  country: requiredChoice(ADDRESS_COUNTRIES, ADDRESS_MSG.countryInvalid),
  postalCode: requiredText(10).refine((v) => /^\d{4}$/.test(v), { error: ADDRESS_MSG.postalCodeInvalid }),
  phone: phoneField,
  email: emailField,
  isDefault: z.boolean().default(false),
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;
