import { baseEnv } from '@caskade/kit';
import { z } from 'zod';

const unsetWhenEmpty = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(unsetWhenEmpty, z.string().min(1).optional());

export const catalogEnv = baseEnv
  .extend({
    /** Identity's gRPC address: the caller's brand name and published flag come from there. */
    IDENTITY_ADDR: z.string().regex(/^[\w.-]+:\d+$/, { error: 'IDENTITY_ADDR must be host:port' }),
    /** Local image directory; default DATA_DIR/catalog-images. Ignored when S3_BUCKET is set. */
    IMAGE_DIR: optionalText,
    /** S3-compatible storage for image variants; set S3_BUCKET to use it. */
    S3_BUCKET: optionalText,
    S3_REGION: z.string().min(1).default('ap-southeast-2'),
    S3_ENDPOINT: z.preprocess(unsetWhenEmpty, z.url().optional()),
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PREFIX: z.string().regex(/^([\w.-]+\/)*$/, { error: 'S3_PREFIX must be empty or end with /' }).default('catalog-images/'),
    /** How long an unconfirmed stock reservation holds stock before the sweeper releases it. */
    RESERVATION_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(30 * 60),
    /**
     * How long a public search or listing page may be answered from memory (ms; 0: never). A write on
     * this replica empties the cache at once; another replica's shows here only by expiry, so with
     * more than one replica keep it under the 1 s in which a change must show in search. The
     * embedded app (the only replica) keeps answers for a minute (docs/decisions/058).
     */
    READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  })
  .refine((env) => !env.S3_BUCKET || (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    error: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_ACCESS_KEY_ID'],
  });
export type CatalogEnv = z.infer<typeof catalogEnv>;
