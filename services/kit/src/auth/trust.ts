/**
 * What this process trusts and signs with (docs/decisions/053): the public keys that verify access
 * tokens and service credentials, the credential signer of the workload(s) it runs and — in identity
 * only — the access-token signing key.
 *
 * - Distributed (the cluster, `npm run start:distributed`): one workload per process; the keys come
 *   from the environment (Kubernetes Secrets), checked at boot by `trustFromEnv`.
 * - Embedded (`npm start`) and tests: every workload in one process; `developmentTrust` makes a key
 *   per workload in memory (the embedded launcher keeps the access-token key in the data folder so
 *   sessions survive a restart).
 */
import type { z } from 'zod';
import { ConfigError } from '../config';
import { AccessTokenVerifier } from './jwt';
import { generateSigningKey, publicKeysFromJwks, signingKeyFromJwk, type SigningKey } from './keys';
import { ServiceSigner, ServiceTokenVerifier, workloadOfKid } from './service-token';
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { TrustEnv } from './trust-env';

export { trustEnvShape, type TrustEnv } from './trust-env';

export interface Trust {
  readonly kind: 'configured' | 'development';
  /** Verifies users' access tokens (identity's public keys). */
  readonly access: AccessTokenVerifier;
  /** Verifies service credentials (every workload's public key). */
  readonly services: ServiceTokenVerifier;
  /** The key access tokens are signed with: identity's only (null elsewhere). */
  readonly accessSigningKey: SigningKey | null;
  /** The credential signer of `workload` (by default the one this process runs). */
  signer(workload?: string): ServiceSigner;
}


const samePublicKey = (a: KeyObject, b: KeyObject): boolean => createPublicKey(a).export({ format: 'jwk' }).x === b.export({ format: 'jwk' }).x;

/**
 * The trust of one workload from its environment; a missing or bad key stops the process with a
 * ConfigError naming it. `signsAccessTokens`: identity, which also needs ACCESS_TOKEN_SIGNING_KEY.
 */
export function trustFromEnv(workload: string, env: TrustEnv, opts: { signsAccessTokens?: boolean } = {}): Trust {
  const problems: string[] = [];
  const attempt = <T>(name: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      problems.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };
  const need = (name: keyof TrustEnv): string | undefined => {
    const value = env[name];
    if (!value) problems.push(`${name}: required (docs/decisions/053; npm run keys makes one)`);
    return value || undefined;
  };
  const accessText = need('ACCESS_TOKEN_PUBLIC_KEYS');
  const servicesText = need('SERVICE_PUBLIC_KEYS');
  const ownText = need('SERVICE_SIGNING_KEY');
  const accessKeys = accessText ? attempt('ACCESS_TOKEN_PUBLIC_KEYS', () => publicKeysFromJwks(accessText, 'the access-token public keys')) : undefined;
  const serviceKeys = servicesText ? attempt('SERVICE_PUBLIC_KEYS', () => publicKeysFromJwks(servicesText, 'the service public keys')) : undefined;
  const own = ownText ? attempt('SERVICE_SIGNING_KEY', () => signingKeyFromJwk(ownText, 'the service signing key')) : undefined;
  if (own && workloadOfKid(own.kid) !== workload) problems.push(`SERVICE_SIGNING_KEY: its kid ${own.kid} must start with "${workload}." (this workload's key)`);
  if (own && serviceKeys) {
    const published = serviceKeys.get(own.kid);
    if (!published || !samePublicKey(own.key, published)) problems.push(`SERVICE_PUBLIC_KEYS: has no public key ${own.kid} matching SERVICE_SIGNING_KEY (the others could not verify this workload)`);
  }
  let accessSigningKey: SigningKey | null = null;
  if (opts.signsAccessTokens) {
    const text = need('ACCESS_TOKEN_SIGNING_KEY');
    const key = text ? attempt('ACCESS_TOKEN_SIGNING_KEY', () => signingKeyFromJwk(text, 'the access-token signing key')) : undefined;
    if (key && accessKeys) {
      const published = accessKeys.get(key.kid);
      if (!published || !samePublicKey(key.key, published)) problems.push(`ACCESS_TOKEN_PUBLIC_KEYS: has no public key ${key.kid} matching ACCESS_TOKEN_SIGNING_KEY (add it everywhere before identity signs with it)`);
    }
    accessSigningKey = key ?? null;
  } else if (env.ACCESS_TOKEN_SIGNING_KEY) {
    problems.push(`ACCESS_TOKEN_SIGNING_KEY: only identity holds the access-token signing key; remove it from ${workload}`);
  }
  if (problems.length > 0 || !accessKeys || !serviceKeys || !own) throw new ConfigError(workload, problems);
  const signer = new ServiceSigner(workload, own);
  return {
    kind: 'configured',
    access: new AccessTokenVerifier(accessKeys),
    services: new ServiceTokenVerifier(serviceKeys),
    accessSigningKey,
    signer(name = workload) {
      if (name !== workload) throw new Error(`this process runs ${workload} and holds no service key for ${name}`);
      return signer;
    },
  };
}

/**
 * Trust for a process that runs every workload (embedded mode, tests): keys made in memory, one per
 * workload on first use. `accessSigningKey` keeps access tokens valid across restarts (embedded).
 */
export function developmentTrust(opts: { accessSigningKey?: SigningKey; defaultWorkload?: string } = {}): Trust {
  const access = opts.accessSigningKey ?? generateSigningKey('dev-access').signing;
  const accessKeys = new Map([[access.kid, createPublicKey(access.key)]]);
  const serviceKeys = new Map<string, KeyObject>();
  const signers = new Map<string, ServiceSigner>();
  const defaultWorkload = opts.defaultWorkload ?? 'test';
  return {
    kind: 'development',
    access: new AccessTokenVerifier(accessKeys),
    services: new ServiceTokenVerifier(serviceKeys),
    accessSigningKey: access,
    signer(name = defaultWorkload) {
      let signer = signers.get(name);
      if (!signer) {
        const { signing } = generateSigningKey(`${name}.dev`);
        serviceKeys.set(signing.kid, createPublicKey(signing.key));
        signer = new ServiceSigner(name, signing);
        signers.set(name, signer);
      }
      return signer;
    },
  };
}

let current: Trust | null = null;

/** Installs this process's trust (a service's or the gateway's main, the embedded launcher). */
export function configureTrust(trust: Trust): void {
  current = trust;
}

/** This process's trust; development trust (keys in memory) when none was configured. */
export function currentTrust(): Trust {
  if (!current && process.env.NODE_ENV === 'production') throw new Error('no keys configured: a production process must call configureTrust(trustFromEnv(…)) at boot');
  current ??= developmentTrust();
  return current;
}

/**
 * A workload's boot: its environment checked against `schema` and its keys by `trustFromEnv`, every
 * problem named in one ConfigError; the trust is installed for the process.
 */
export function loadWorkloadConfig<S extends z.ZodType>(workload: string, schema: S, opts: { signsAccessTokens?: boolean } = {}, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  try {
    configureTrust(trustFromEnv(workload, env, opts));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(workload, problems);
  return parsed.data;
}
