import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertImageKey, type ImageStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); absent for AWS. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Key prefix inside the bucket, e.g. `catalog-images/`. */
  prefix?: string;
}

/** Variants as objects in an S3-compatible bucket; same contract as the local store. */
export function createS3ImageStore(opts: S3StoreOptions): ImageStore {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? false,
    ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
  });
  const prefix = opts.prefix ?? '';
  const objectKey = (key: string) => {
    assertImageKey(key);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({
        Bucket: opts.bucket, Key: objectKey(key), Body: data, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable',
      }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: keys.map((k) => ({ Key: objectKey(k) })), Quiet: true } }));
    },
  };
}
