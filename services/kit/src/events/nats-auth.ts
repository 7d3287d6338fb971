import { readFileSync } from 'node:fs';
import { credsAuthenticator, type NodeConnectionOptions } from '@nats-io/transport-node';
import type { BaseEnv } from '../config';

/** The NATS settings of the environment (the chart sets them from its Secret and mounted files). */
export type NatsAuthEnv = Partial<Pick<BaseEnv, 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_CREDS_FILE' | 'NATS_TLS_CA_FILE' | 'NATS_TLS_CERT_FILE' | 'NATS_TLS_KEY_FILE'>>;

/** What `connect()` needs beyond the URL: user/password or a creds file (JWT and nkey seed), and TLS. */
export type NatsAuthOptions = Pick<NodeConnectionOptions, 'user' | 'pass' | 'authenticator' | 'tls'>;

/**
 * Connection options from NATS_USER/NATS_PASSWORD or NATS_CREDS_FILE (not both), and
 * NATS_TLS_CA_FILE (verify the server) with NATS_TLS_CERT_FILE/NATS_TLS_KEY_FILE (a client
 * certificate, when the server asks for one). Nothing set: none (a local server without auth).
 */
export function natsAuthOptions(env: NatsAuthEnv): NatsAuthOptions {
  const problems: string[] = [];
  if (env.NATS_CREDS_FILE && (env.NATS_USER || env.NATS_PASSWORD)) problems.push('NATS_CREDS_FILE or NATS_USER/NATS_PASSWORD, not both');
  if (!env.NATS_USER !== !env.NATS_PASSWORD) problems.push('NATS_USER and NATS_PASSWORD go together');
  if (!env.NATS_TLS_CERT_FILE !== !env.NATS_TLS_KEY_FILE) problems.push('NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together');
  if (problems.length > 0) throw new Error(`NATS settings: ${problems.join('; ')}`);
  const options: NatsAuthOptions = {};
  if (env.NATS_USER && env.NATS_PASSWORD) Object.assign(options, { user: env.NATS_USER, pass: env.NATS_PASSWORD });
  const credsFile = env.NATS_CREDS_FILE;
  // Read at every (re)connect, so a rotated creds file is picked up without a restart.
  if (credsFile) options.authenticator = credsAuthenticator(() => readFileSync(credsFile));
  if (env.NATS_TLS_CA_FILE || env.NATS_TLS_CERT_FILE) {
    options.tls = {
      ...(env.NATS_TLS_CA_FILE ? { caFile: env.NATS_TLS_CA_FILE } : {}),
      ...(env.NATS_TLS_CERT_FILE && env.NATS_TLS_KEY_FILE ? { certFile: env.NATS_TLS_CERT_FILE, keyFile: env.NATS_TLS_KEY_FILE } : {}),
    };
  }
  return options;
}
