/**
 * Service credentials (docs/decisions/053): every gRPC call carries a short-lived token signed by the
 * calling workload's own Ed25519 key (`x-service-token`). Its `sub` names the workload and must match
 * the key's id (`<workload>.<suffix>`), so one workload's key cannot speak for another. A service
 * acting for a user without the user's token (a standing order, a test) says so in an `act` claim;
 * the gateway's credential may not: it forwards the user's own access token.
 */
import { SignJWT } from 'jose';
import type { Caller } from '../context';
import { callerFromClaims, verifySignedClaims } from './jwt';
import { TOKEN_ALG, type PublicKeys, type SigningKey } from './keys';

export const SERVICE_TOKEN_ISSUER = 'caskade-service';
export const SERVICE_TOKEN_AUDIENCE = 'caskade-grpc';
export const SERVICE_TOKEN_TTL_SECONDS = 5 * 60;
/** Workloads whose credential may not carry `act`: the edge, which must forward the user's token instead. */
export const NON_DELEGATING_WORKLOADS: readonly string[] = ['gateway'];

/** The workload a service key belongs to: the part of its kid before the first `.`. */
export const workloadOfKid = (kid: string): string => kid.split('.')[0] ?? '';

export interface VerifiedService {
  /** The calling workload (gateway, orders, …). */
  service: string;
  /** The user the workload acts for without their token (a standing order, a test), or null. */
  act: Caller | null;
}

/** Mints (and reuses until a minute before expiry) the service credential of one workload. */
export class ServiceSigner {
  private cached: { token: string; renewAtMs: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(readonly workload: string, private readonly key: SigningKey) {
    if (workloadOfKid(key.kid) !== workload) throw new Error(`the service key ${key.kid} is not ${workload}'s: its kid must start with "${workload}."`);
  }

  /** This workload's credential; with `act`, a fresh one that also names the user it acts for. */
  token(act?: Caller): Promise<string> {
    if (act) return this.sign(act);
    if (this.cached && Date.now() < this.cached.renewAtMs) return Promise.resolve(this.cached.token);
    this.pending ??= this.sign().then(
      (token) => {
        this.cached = { token, renewAtMs: Date.now() + (SERVICE_TOKEN_TTL_SECONDS - 60) * 1000 };
        this.pending = null;
        return token;
      },
      (err: unknown) => {
        this.pending = null;
        throw err;
      },
    );
    return this.pending;
  }

  private sign(act?: Caller): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const claims = act ? { act: { sub: act.userId, role: act.role, scopes: act.scopes, ...(act.sessionVersion === undefined ? {} : { sv: act.sessionVersion }) } } : {};
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOKEN_ALG, kid: this.key.kid, typ: 'JWT' })
      .setSubject(this.workload)
      .setIssuer(SERVICE_TOKEN_ISSUER)
      .setAudience(SERVICE_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (act ? 60 : SERVICE_TOKEN_TTL_SECONDS))
      .sign(this.key.key);
  }
}

/** The workload (and the user it acts for) a service credential proves, or null; verified tokens are cached until they expire. */
export class ServiceTokenVerifier {
  private readonly cache = new Map<string, { verified: VerifiedService; expMs: number }>();
  constructor(private readonly keys: PublicKeys, private readonly maxEntries = 10_000) {}

  async verify(token: string): Promise<VerifiedService | null> {
    const hit = this.cache.get(token);
    if (hit) {
      if (Date.now() < hit.expMs) return hit.verified;
      this.cache.delete(token);
    }
    const verified = await verifyServiceToken(token, this.keys);
    if (verified) {
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      this.cache.set(token, { verified, expMs: verified.expMs });
    }
    return verified;
  }
}

export async function verifyServiceToken(token: string, keys: PublicKeys): Promise<(VerifiedService & { expMs: number }) | null> {
  const payload = await verifySignedClaims(token, keys, SERVICE_TOKEN_ISSUER, SERVICE_TOKEN_AUDIENCE);
  if (!payload?.sub || !payload.exp) return null;
  // The key that verified it is the one its kid names (keyResolver): the workload must be that key's.
  const kid = kidOf(token);
  if (!kid || workloadOfKid(kid) !== payload.sub) return null;
  let act: Caller | null = null;
  if (payload.act !== undefined) {
    if (NON_DELEGATING_WORKLOADS.includes(payload.sub)) return null;
    const claim = payload.act;
    if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return null;
    const record = claim as Record<string, unknown>;
    act = callerFromClaims(record.sub, record, false);
    if (!act) return null;
  }
  return { service: payload.sub, act, expMs: payload.exp * 1000 };
}

function kidOf(token: string): string | null {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}
