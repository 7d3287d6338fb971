import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { AppError, currentTrust, httpRequestDuration, withRequestId, type CallContext, type Caller, type Logger } from '@caskade/kit';
import { ACCESS_COOKIE } from './cookies';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REQUEST_ID = /^[\w.-]{8,128}$/;

/** A request id (the caller's when well-formed) that goes on to every gRPC call, plus one access-log line per request. */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    res.on('finish', () => {
      // The route's pattern (never the raw path: ids would explode the series).
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof pattern === 'string' ? pattern : req.path.startsWith('/api/') ? 'unmatched' : 'web';
      httpRequestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
      const caller = res.locals.caller as { userId?: string } | null | undefined;
      logger.info({ requestId: id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started), userId: caller?.userId }, 'request');
    });
    withRequestId(id, next);
  };
}

/**
 * Stripe.js and its elements' frames (ADR 050), allowed whatever the provider: the gateway does not
 * know which one the payments service runs, and these origins serve only Stripe's own code.
 */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * The built files under /assets: a module script or stylesheet takes no policy from its own
 * response (the page's CSP governs it), so they carry only what protects the file itself —
 * nosniff and Cross-Origin-Resource-Policy — and not a kilobyte of page headers each (ADR 057).
 */
const ASSET_PATH = /^\/assets\//;
const assetHeaders = helmet({
  contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, crossOriginOpenerPolicy: false, originAgentCluster: false, referrerPolicy: false,
  strictTransportSecurity: false, xDnsPrefetchControl: false, xDownloadOptions: false, xFrameOptions: false, xPermittedCrossDomainPolicies: false, xXssProtection: false,
});

export function securityHeaders(production: boolean): RequestHandler {
  const pageHeaders = pageSecurityHeaders(production);
  return (req, res, next) => (ASSET_PATH.test(req.path) ? assetHeaders : pageHeaders)(req, res, next);
}

function pageSecurityHeaders(production: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...STRIPE_CSP.script],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...STRIPE_CSP.connect],
        'frame-src': ["'self'", ...STRIPE_CSP.frame],
        // The push service worker (/sw.js) and the web app manifest (ADR 052).
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Refuse state-changing requests a browser sends on behalf of another site. Browsers send
 * Sec-Fetch-Site and Origin on such requests; clients without either (curl, k6, other services)
 * carry no ambient cookies from a victim's browser.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return sendError(res, new AppError('forbidden', { reason: 'cross-site-request' }));
    const origin = req.get('origin');
    if (origin) {
      const own = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== allowed && origin !== own) return sendError(res, new AppError('forbidden', { reason: 'cross-origin-request' }));
    }
    next();
  };
}

/**
 * Reads the access token from its cookie (or a Bearer header, for API clients) into
 * res.locals.caller, verified with identity's public keys (ADR 053), and keeps the token itself in
 * res.locals.accessToken: it goes on with every gRPC call made for this user, whose service verifies it again.
 */
export function authenticate(): RequestHandler {
  const verifier = currentTrust().access;
  return (req, res, next) => {
    const header = req.get('authorization');
    const bearer = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const cookies = req.cookies as Record<string, string | undefined> | undefined;
    const token = bearer ?? cookies?.[ACCESS_COOKIE];
    res.locals.caller = null;
    if (!token) return next();
    verifier.verify(token).then(
      (caller) => {
        res.locals.caller = caller;
        if (caller) {
          res.locals.accessToken = token;
          res.locals.accessTokenExpiresAt = verifier.expiresAt(token);
        }
        next();
      },
      next,
    );
  };
}

/** The call context of a request: its id, the verified caller and the caller's access token to forward. */
export function callContextOf(res: { locals: Record<string, unknown> }): CallContext {
  const caller = (res.locals.caller as Caller | null | undefined) ?? null;
  const accessToken = res.locals.accessToken;
  return { requestId: res.locals.requestId as string, caller, ...(caller && typeof accessToken === 'string' ? { accessToken } : {}) };
}
