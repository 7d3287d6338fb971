import { LIMITED_SCOPE } from '@caskade/kit/rules';
import type { Signup } from './account';

/** An account's profile as stored (one JSON document per user). */
export interface ProfileData {
  firstName: string;
  lastName: string;
  bio: string;
  companyName: string;
  abnAcn: string;
  phoneNumber: string;
  favouriteDrink: string;
  favouriteCategories: string[];
  brandName: string;
  businessName: string;
  legalEntityName: string;
  retailLiquorLicence: string;
  wholesaleLiquorLicence: string;
  address: string;
  contactNumber: string;
  published: boolean;
  /** A buyer's liquor licence (ADR 042): both empty, or both set (liquorLicenceSchema). */
  liquorLicenceNumber: string;
  liquorLicenceState: string;
}

export const EMPTY_PROFILE: ProfileData = {
  firstName: '', lastName: '', bio: '', companyName: '', abnAcn: '', phoneNumber: '', favouriteDrink: '',
  favouriteCategories: [], brandName: '', businessName: '', legalEntityName: '', retailLiquorLicence: '',
  wholesaleLiquorLicence: '', address: '', contactNumber: '', published: false, liquorLicenceNumber: '', liquorLicenceState: '',
};

/** Key used for name uniqueness: case, surrounding and repeated spaces don't make a name different. */
export function nameKey(name: string): string | null {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return key.length > 0 ? key : null;
}

export function displayName(p: Pick<ProfileData, 'firstName' | 'lastName'>): string {
  return [p.firstName, p.lastName].map((s) => s.trim()).filter(Boolean).join(' ');
}

export function abbreviatedName(p: Pick<ProfileData, 'firstName' | 'lastName'>): string {
  return `${p.firstName.trim().charAt(0)}${p.lastName.trim().charAt(0)}`.toUpperCase();
}

/** The limited-access login (spec §1): scope `user:limited`. It may browse and read, not change the account. */
export const hasLimitedAccess = (scopes: readonly string[]): boolean => scopes.includes(LIMITED_SCOPE);

/** The account changes a limited-access login may not make (identity refuses them with `forbidden`, reason `limited-access`). */
export const FULL_ACCESS_ACTIONS = ['changeEmail', 'changePassword', 'deleteAccount', 'setUserType'] as const;
export type FullAccessAction = (typeof FULL_ACCESS_ACTIONS)[number];

/** Whether a login with these scopes may make this account change: the web shows the form only when it may. */
export const mayChangeAccount = (scopes: readonly string[], action: FullAccessAction): boolean =>
  !(FULL_ACCESS_ACTIONS as readonly string[]).includes(action) || !hasLimitedAccess(scopes);

/** Placeholder address for a deleted account, so its email can be used again. */
export const deletedEmail = (userId: string): string => `deleted+${userId}@deleted.invalid`;

/** The profile a sign-up creates: only profile fields, never credentials. Suppliers publish straight away by default. */
export function profileFromSignup(input: Signup): ProfileData {
  const common = {
    ...EMPTY_PROFILE,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    abnAcn: input.abnAcn.replace(/\s/g, ''),
    phoneNumber: input.phoneNumber,
  };
  if (input.userType === 'buyer') return { ...common, favouriteCategories: input.favouriteCategories };
  return {
    ...common,
    favouriteDrink: input.favouriteDrink ?? '',
    brandName: input.brandName,
    businessName: input.businessName,
    legalEntityName: input.legalEntityName,
    retailLiquorLicence: input.retailLiquorLicence ?? '',
    wholesaleLiquorLicence: input.wholesaleLiquorLicence ?? '',
    address: input.address,
    contactNumber: input.contactNumber,
    published: true,
  };
}
