/**
 * A buyer's liquor licence (issue 9; ADR 042): liquor is sold only to a buyer with one on file.
 * Licences are issued per state and territory in formats that differ, so the number is read as
 * 3–30 letters, digits, `-` or `/`, upper-cased; the state is one of the eight. Pure, browser-safe.
 */
import { z } from 'zod';
import { AU_STATES, MSG } from '@caskade/kit/rules';

export const LIQUOR_LICENCE_NUMBER_MIN = 3;
export const LIQUOR_LICENCE_NUMBER_MAX = 30;
const LICENCE_NUMBER_PATTERN = /^[A-Za-z0-9/-]+$/;

export const LIQUOR_LICENCE_MSG = {
  numberInvalid: 'validation.liquorLicenceNumberInvalid',
  stateInvalid: 'validation.stateInvalid',
} as const;

export const liquorLicenceSchema = z
  .object({
    number: z
      .string({ error: MSG.required })
      .trim()
      .min(1, { error: MSG.required })
      .min(LIQUOR_LICENCE_NUMBER_MIN, { error: LIQUOR_LICENCE_MSG.numberInvalid })
      .max(LIQUOR_LICENCE_NUMBER_MAX, { error: LIQUOR_LICENCE_MSG.numberInvalid })
      .regex(LICENCE_NUMBER_PATTERN, { error: LIQUOR_LICENCE_MSG.numberInvalid })
      .transform((v) => v.toUpperCase()),
    state: z.enum(AU_STATES, { error: LIQUOR_LICENCE_MSG.stateInvalid }),
  })
  .strict();

export type LiquorLicence = z.output<typeof liquorLicenceSchema>;
export type LiquorLicenceInput = z.input<typeof liquorLicenceSchema>;

/** On file means both parts were given (they are only ever set together). */
export const hasLiquorLicence = (p: { liquorLicenceNumber?: string; liquorLicenceState?: string }): boolean =>
  !!p.liquorLicenceNumber && !!p.liquorLicenceState;
