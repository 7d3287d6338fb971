import type { Role } from '@caskade/kit/rules';
import type { ProfileData } from '@caskade/identity/domain';

/** The profile as the API answers it: the stored profile (identity's domain) plus the names derived from it. */
export interface Profile extends ProfileData {
  displayName: string;
  abbreviatedName: string;
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
