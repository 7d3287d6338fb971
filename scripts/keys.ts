/**
 * Keys for tokens and service credentials (docs/decisions/053), printed for the chart's Secret:
 *
 *   npm run keys                               every key of a new cluster, as chart values (YAML)
 *   npm run keys -- --json                     the same as JSON (the chart's development keys)
 *   npm run keys -- access '<public JWKS>'     rotation: a new access-token key; the public set with
 *                                              the new key added to the current one
 *   npm run keys -- service <workload> '<public JWKS>'   the same for one workload's service key
 *
 * Rotation: publish the new public set everywhere first, then give identity (or the workload) the
 * new private key; once the old tokens expired (15 minutes for access tokens, 5 for service
 * credentials), remove the old public key. Private keys go to the Secret only, never to a log.
 */
import { generateClusterKeys, generateSigningJwk, jwksJson, SERVICE_NAMES, type Ed25519Jwk } from '@caskade/kit';
import { stringify } from 'yaml';

const USAGE = "usage: npm run keys [-- --json] | npm run keys -- access '<ACCESS_TOKEN_PUBLIC_KEYS>' | npm run keys -- service <workload> '<SERVICE_PUBLIC_KEYS>'";
const WORKLOADS = [...SERVICE_NAMES, 'gateway'];
const suffix = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const secretKeyOf = (workload: string): string => `SERVICE_SIGNING_KEY_${workload.toUpperCase().replace(/-/g, '_')}`;

/** The public keys of a JWK Set given as JSON text (none when empty). */
function currentKeys(text: string | undefined): Ed25519Jwk[] {
  if (!text) return [];
  const set = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(set.keys)) throw new Error('expected a JWK Set: {"keys":[…]}');
  return set.keys as Ed25519Jwk[];
}

function main(args: string[]): number {
  const [command, ...rest] = args;
  if (command === undefined || command === '--json') {
    const keys = generateClusterKeys(WORKLOADS, suffix);
    const values: Record<string, string> = {
      ACCESS_TOKEN_SIGNING_KEY: keys.accessSigningKey,
      ACCESS_TOKEN_PUBLIC_KEYS: keys.accessPublicKeys,
      SERVICE_PUBLIC_KEYS: keys.servicePublicKeys,
      ...Object.fromEntries(WORKLOADS.map((w) => [secretKeyOf(w), keys.serviceSigningKeys[w] ?? ''])),
    };
    process.stdout.write(command === '--json' ? `${JSON.stringify(values, null, 2)}\n` : stringify({ secrets: { values } }));
    return 0;
  }
  if (command === 'access' && rest.length <= 1) {
    const { privateJwk, publicJwk } = generateSigningJwk(`access.${suffix}`);
    process.stdout.write(stringify({ ACCESS_TOKEN_SIGNING_KEY: JSON.stringify(privateJwk), ACCESS_TOKEN_PUBLIC_KEYS: jwksJson([publicJwk, ...currentKeys(rest[0])]) }));
    return 0;
  }
  const [workload, current] = rest;
  if (command === 'service' && workload && WORKLOADS.includes(workload) && rest.length <= 2) {
    const { privateJwk, publicJwk } = generateSigningJwk(`${workload}.${suffix}`);
    process.stdout.write(stringify({ [secretKeyOf(workload)]: JSON.stringify(privateJwk), SERVICE_PUBLIC_KEYS: jwksJson([publicJwk, ...currentKeys(current)]) }));
    return 0;
  }
  console.error(USAGE);
  return 64;
}

process.exitCode = main(process.argv.slice(2));
