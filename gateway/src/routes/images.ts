import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { AppError, type Caller } from '@caskade/kit';
import type { GatewayClients } from '../clients';
import { sendError } from '../http/errors';
import { callContextOf } from '../http/security';
import type { RateLimiters } from '../http/rate-limits';
import { imageView } from './catalog-views';
import { imageSchema } from '../contract';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_VARIANT_NAMES } from '@caskade/catalog/domain';
import { isUuid } from '@caskade/kit';


/**
 * POST /api/images: one multipart file in the field `image`, held in memory up to 20 MB (one
 * byte more answers 413 request-upload-over-limit). The catalog checks the content (JPG, GIF or
 * PNG by magic bytes and decoding, never by name or declared type) and makes the variants.
 * Lives outside the JSON route registry because its body is multipart; listed in the OpenAPI
 * document through IMAGE_UPLOAD_OPENAPI.
 */
export function imageUploadRouter(clients: GatewayClients, limiters: RateLimiters): Router {
  const router = express.Router();
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } }).single('image');
  router.post(
    '/api/images',
    async (req: Request, res: Response, next: NextFunction) => {
      const caller = (res.locals.caller as Caller | null | undefined) ?? null;
      if (!caller) return sendError(res, new AppError('auth-unauthenticated'));
      const decision = await limiters.imageUpload.consume(caller.userId);
      if (!decision.allowed) {
        res.setHeader('Retry-After', String(decision.retryAfterSeconds));
        return sendError(res, new AppError('too-many-requests', { retryAfterSeconds: decision.retryAfterSeconds }));
      }
      if (!req.is('multipart/form-data')) return sendError(res, new AppError('unsupported-media-type', { reason: 'expected multipart/form-data' }));
      next();
    },
    (req: Request, res: Response, next: NextFunction) => {
      upload(req, res, (err: unknown) => {
        if (err instanceof multer.MulterError) {
          // The rest of an oversized body is not read: close the connection once the answer is out.
          if (err.code === 'LIMIT_FILE_SIZE') {
            res.setHeader('Connection', 'close');
            return sendError(res, new AppError('request-upload-over-limit', { maxBytes: IMAGE_MAX_BYTES }));
          }
          return sendError(res, new AppError('validation-invalid-params', { fields: { image: `upload.${err.code}` } }));
        }
        // Anything else the multipart parser says (no boundary, truncated body, malformed part headers) is the request's fault.
        if (err) return sendError(res, new AppError('validation-invalid-params', { fields: { image: 'upload.malformed' } }));
        next();
      });
    },
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        if (!req.file) throw new AppError('validation-invalid-params', { fields: { image: 'validation.required' } });
        const call = callContextOf(res);
        const out = await clients.catalog.uploadImage({ data: req.file.buffer, fileName: req.file.originalname.slice(0, 200) }, call, { deadlineMs: 60_000 });
        if (!out.image) throw new AppError('internal');
        res.status(201).json({ data: imageView(out.image) });
      } catch (err) {
        if (err instanceof AppError) return sendError(res, err);
        next(err);
      }
    },
  );
  return router;
}

/** The upload endpoint's entry in the OpenAPI document (the registry documents JSON routes only). */
export const IMAGE_UPLOAD_OPENAPI = {
  '/api/images': {
    post: {
      summary: 'Upload an image (JPG, GIF or PNG, at most 20 MB, checked by content); answers its id and variants',
      tags: ['images'],
      security: [{ cookieAuth: [] }],
      'x-access': 'user',
      parameters: [],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary', maxLength: IMAGE_MAX_BYTES } } },
          },
        },
      },
      responses: {
        '201': { description: 'Created', content: { 'application/json': { schema: { type: 'object', properties: { data: z.toJSONSchema(imageSchema) } } } } },
        '413': { description: 'Over 20 MB (request-upload-over-limit)' },
        '415': { description: 'Not a JPG, GIF or PNG (unsupported-media-type)' },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
      },
    },
  },
  '/images/{id}/{variant}': {
    get: {
      summary: 'An image variant (JPEG), cached for a year',
      tags: ['images'],
      security: [],
      'x-access': 'public',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'variant', in: 'path', required: true, schema: { type: 'string', enum: IMAGE_VARIANT_NAMES } },
      ],
      responses: { '200': { description: 'JPEG, or WebP when the Accept header names image/webp (Vary: Accept)', content: { 'image/jpeg': {}, 'image/webp': {} } }, '404': { description: 'No such image or variant' } },
    },
  },
};

/** Whether an Accept header takes image/webp (named, not only through a wildcard, and not refused with q=0). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept || accept.length > 1000) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (type?.trim() !== 'image/webp') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** GET /images/:id/:variant — variants never change, so they are cached for a year. */
export function imageServingRouter(clients: GatewayClients): Router {
  const router = express.Router();
  router.get('/images/:id/:variant', async (req: Request, res: Response, next: NextFunction) => {
    const id = String(req.params.id);
    const variant = String(req.params.variant);
    if (!isUuid(id) || !IMAGE_VARIANT_NAMES.includes(variant)) return sendError(res, new AppError('not-found', { resource: 'image' }));
    try {
      // One URL, two encodings: WebP to a browser that says it takes it (ADR 067), JPEG otherwise.
      const format = acceptsWebp(req.get('accept')) ? 'webp' : '';
      const out = await clients.catalog.getImageVariant({ imageId: id, variant, format }, { requestId: res.locals.requestId as string, caller: null });
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.type(out.contentType).send(Buffer.from(out.data));
    } catch (err) {
      if (err instanceof AppError) return sendError(res, err);
      next(err);
    }
  });
  return router;
}
