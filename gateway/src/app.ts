import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { AppError, checkHealth, metrics, type Cache, type Logger } from '@caskade/kit';
import type { GatewayClients } from './clients';
import type { GatewayEnv } from './config';
import { compressResponses } from './http/compression';
import { errorHandler, sendError } from './http/errors';
import type { RateLimiters } from './http/rate-limits';
import { buildRouter, openApiDocument } from './http/router';
import type { RouteDef } from './http/route';
import { authenticate, requestId, sameOriginOnly, securityHeaders } from './http/security';
import { refuseNulCharacters } from './http/input-guards';
import type { ResponseCache } from './http/response-cache';
import { spa } from './http/spa';
import { accountRoutes } from './routes/accounts';
import { operatorRoutes } from './routes/operator';
import { catalogRoutes } from './routes/catalog';
import { planRoutes } from './routes/plans';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { invoiceRoutes } from './routes/invoices';
import { reviewRoutes } from './routes/reviews';
import { standingOrderRoutes } from './routes/standing-orders';
import { notificationRoutes } from './routes/notifications';
import { messagingRoutes } from './routes/messaging';
import { contactRoutes } from './routes/contact';
import type { LiveStream } from './live/stream';
import { PAYMENTS_WEBHOOK_OPENAPI, paymentRoutes, paymentsWebhookRouter } from './routes/payments';
import { IMAGE_UPLOAD_OPENAPI, imageServingRouter, imageUploadRouter } from './routes/images';

export interface GatewayAppOptions {
  env: GatewayEnv;
  clients: GatewayClients;
  limiters: RateLimiters;
  logger: Logger;
  /** Read-through cache for public data every page asks for (Redis when configured). */
  cache: Cache;
  /** gRPC addresses whose health /readyz reports (it does not gate on them). */
  upstreams: string[];
  /** The event stream (GET /api/events/stream); none: the route answers 404. */
  live?: LiveStream;
  /** Anonymous searches and listing pages answered from memory (docs/decisions/064); none: every request reaches the catalog. */
  responseCache?: ResponseCache;
}

export function allRoutes(clients: GatewayClients, secureCookies: boolean, cache: Cache): RouteDef[] {
  return [...accountRoutes(clients, secureCookies), ...operatorRoutes(clients), ...catalogRoutes(clients, cache), ...planRoutes(), ...cartRoutes(clients), ...orderRoutes(clients), ...invoiceRoutes(clients), ...reviewRoutes(clients), ...standingOrderRoutes(clients), ...notificationRoutes(clients), ...messagingRoutes(clients), ...contactRoutes(clients), ...paymentRoutes(clients)];
}

export function createGatewayApp(opts: GatewayAppOptions): Express {
  const { env, clients, limiters, logger, cache } = opts;
  const production = env.NODE_ENV === 'production';
  const routes = allRoutes(clients, production, cache);
  const openapi = openApiDocument(routes, { title: 'Caskade API', version: '0.1.0' });
  Object.assign(openapi.paths, IMAGE_UPLOAD_OPENAPI, PAYMENTS_WEBHOOK_OPENAPI);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.use(requestId(logger));
  app.use(securityHeaders(production));
  // Before the API's parsers and compression: a cached answer needs none of them (docs/decisions/064).
  if (opts.responseCache) app.use(opts.responseCache.middleware);
  app.use(compressResponses());
  // The embedded app has one port: /metrics answers only callers on this machine. The cluster
  // scrapes METRICS_PORT instead (startGateway), which is never exposed by the ingress.
  app.get('/metrics', async (req, res) => {
    if (!env.EMBEDDED || !isLoopback(req.socket.remoteAddress)) return sendError(res, new AppError('not-found'));
    res.type(metrics.contentType).send(await metrics.metrics());
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness is the gateway's own: one service down must not take every gateway pod out of
  // rotation (its routes answer 503 while the others keep working). Upstreams are reported, not gated on.
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(opts.upstreams.map((a) => checkHealth(a)));
    const degraded = opts.upstreams.filter((_a, i) => !results[i]);
    res.status(200).json({ status: degraded.length === 0 ? 'ready' : 'degraded', upstreams: Object.fromEntries(opts.upstreams.map((a, i) => [a, results[i]])) });
  });

  // The provider's webhook takes its raw body and carries its own signature (no cookie, no same-origin check).
  app.use(paymentsWebhookRouter(clients, logger, env.PUBLIC_URL));

  const api = express.Router();
  api.use(express.json({ limit: '1mb', strict: true, type: ['application/json', 'application/*+json'] }));
  api.use('/api', refuseNulCharacters());
  api.use(cookieParser());
  api.use(sameOriginOnly(env.PUBLIC_URL));
  api.use(authenticate());
  // API answers only: the web app's files and images set their own caching.
  api.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.get('/api/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  api.get('/api/config', (_req, res) => {
    res.json({ data: { embedded: env.EMBEDDED, demoAccounts: env.EMBEDDED } });
  });
  api.use(imageUploadRouter(clients, limiters));
  if (opts.live) api.use(opts.live.router);
  api.use(buildRouter(routes, limiters));
  api.use('/api', (_req, res) => sendError(res, new AppError('not-found', { reason: 'no such API path' })));
  app.use(api);
  app.use(imageServingRouter(clients));
  app.use(spa(env.WEB_DIST, { publicUrl: env.PUBLIC_URL, clients, logger, prerenderDeadlineMs: env.PRERENDER_DEADLINE_MS }));
  // Whatever the SPA does not serve (a POST to a page address, say) answers a JSON error like the API, not Express's HTML.
  app.use((_req, res) => sendError(res, new AppError('not-found')));
  app.use(errorHandler(logger));
  return app;
}

const isLoopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
