/** The key settings every workload's config includes (docs/decisions/053); checked by `trustFromEnv`. */
import { z } from 'zod';

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** Environment of the keys; every workload's config includes it (validated by `trustFromEnv`). */
export const trustEnvShape = {
  /** JWK Set (JSON) of the public keys that verify access tokens: the signing key's and, during a rotation, the previous ones. */
  ACCESS_TOKEN_PUBLIC_KEYS: optionalText,
  /** identity only: the private JWK (JSON) that signs access tokens; its kid must be in ACCESS_TOKEN_PUBLIC_KEYS. */
  ACCESS_TOKEN_SIGNING_KEY: optionalText,
  /** JWK Set (JSON) of every workload's service-credential public key (kid `<workload>.<suffix>`). */
  SERVICE_PUBLIC_KEYS: optionalText,
  /** This workload's private JWK (JSON) for its service credential; kid `<workload>.<suffix>`. */
  SERVICE_SIGNING_KEY: optionalText,
};
export type TrustEnv = { [K in keyof typeof trustEnvShape]?: string | undefined };
