import type { Role } from './constants';

/** Who is asking, as verified by the gateway and carried in gRPC metadata. Browser-safe. */
export interface Caller {
  userId: string;
  role: Role;
  scopes: string[];
  /**
   * The account's session version when its access token was signed. Logout, a password change, a
   * ban or deletion raise it, and every service then refuses calls made with an older one
   * (docs/decisions/023). Absent for callers that are not a signed-in user's token.
   */
  sessionVersion?: number;
}
