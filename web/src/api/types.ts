import type { Role } from '@caskade/kit/rules';

export interface Profile {
  firstName: string;
  lastName: string;
  displayName: string;
  abbreviatedName: string;
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
}

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  scopes: string[];
  createdAt: string;
  profile: Profile;
}

export interface MailboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  createdAt: string;
}
