/**
 * Delivery addresses (product-spec §3, §5: every field required; Australian state, 4-digit
 * postcode, Australian phone), as a zod schema whose messages are the web app's message keys.
 * Pure and browser-safe.
 */
import { z } from 'zod';
import { AU_STATES, MSG, emailField, phoneField, postcodeMatchesState, requiredText } from '@caskade/kit/rules';

/** A buyer keeps at most this many delivery addresses. */
export const MAX_DELIVERY_ADDRESSES = 20;
export const ADDRESS_COUNTRIES = ['AU'] as const;

export const ADDRESS_MSG = {
  required: MSG.required,
  stateInvalid: 'validation.stateInvalid',
  countryInvalid: 'validation.countryInvalid',
  postalCodeInvalid: 'validation.postalCodeInvalid',
  /** The listing wizard's rule too: the postcode lies outside the chosen state's ranges. */
  postcodeNotInState: 'validation.postcodeNotInState',
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
}).superRefine((a, ctx) => {
  // Each part valid on its own, then together: Melbourne's 3000 is not in NSW.
  // (zod runs this even when a field failed: then that field's own message stands alone.)
  const state = String(a.state);
  if (!(AU_STATES as readonly string[]).includes(state) || !/^\d{4}$/.test(String(a.postalCode))) return;
  if (!postcodeMatchesState(a.postalCode, a.state)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: ADDRESS_MSG.postcodeNotInState });
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;
