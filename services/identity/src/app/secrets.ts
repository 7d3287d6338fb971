import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret: 32 bytes of entropy. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their SHA-256, so a database leak reveals no usable token. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
