/**
 * The services manifest: every gRPC service of Caskade, in start order (a service starts after the
 * services it calls), with the services it calls. The embedded and distributed launchers, the
 * gateway's client configuration and the deployment tests read this one list, so adding a service
 * is an entry here plus its own folder (docs/new-service.md).
 */
import { z } from 'zod';

export interface ServiceEntry {
  /** Folder under services/, image caskade-<name>, chart key services.<name>. */
  readonly name: string;
  /** Services this one calls over gRPC: it receives their <NAME>_ADDR, NetworkPolicies admit it. */
  readonly calls: readonly string[];
}

export const SERVICE_MANIFEST = [
  { name: 'identity', calls: [] },
  { name: 'notifications', calls: ['identity'] },
  { name: 'catalog', calls: ['identity'] },
  { name: 'payments', calls: [] },
  { name: 'cart', calls: ['catalog', 'payments'] },
  { name: 'messaging', calls: ['identity'] },
  { name: 'orders', calls: ['identity', 'catalog', 'cart', 'payments'] },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof SERVICE_MANIFEST)[number]['name'];
export const SERVICE_NAMES: readonly ServiceName[] = SERVICE_MANIFEST.map((s) => s.name);

/** The environment variable that holds a service's gRPC address: `cart-sync` → `CART_SYNC_ADDR`. */
export type AddressEnv<N extends string> = `${Uppercase<N extends `${infer A}-${infer B}` ? `${A}_${B}` : N>}_ADDR`;
export const addressEnv = <N extends string>(name: N): AddressEnv<N> => `${name.toUpperCase().replace(/-/g, '_')}_ADDR` as AddressEnv<N>;

export const grpcAddress = z.string().regex(/^[\w.-]+:\d+$/, { error: 'must be host:port' });

/** The zod shape `{ <NAME>_ADDR: host:port }` for the given services (a caller's config). */
export function addressEnvShape<N extends string>(names: readonly N[]): { [K in N as AddressEnv<K>]: typeof grpcAddress } {
  return Object.fromEntries(names.map((n) => [addressEnv(n), grpcAddress])) as { [K in N as AddressEnv<K>]: typeof grpcAddress };
}

/** The entry of one service (a name the manifest does not list is a programming error). */
export function serviceEntry(name: string): ServiceEntry {
  const entry = SERVICE_MANIFEST.find((s) => s.name === name);
  if (!entry) throw new Error(`service ${name} is not in the services manifest (services/kit/src/service/manifest.ts)`);
  return entry;
}
