import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';
import { BROTLI_WINDOW_BITS } from './response-cache';

const isEventStream = (contentType: unknown): boolean => typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/event-stream');

/**
 * API JSON, index.html and sitemaps compressed on the fly (brotli or gzip, as the browser
 * accepts). Built assets come with their own precompressed files (spa), which this leaves alone;
 * server-sent events are never compressed: a compressor would hold each event back (ADR 057).
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (req, res) => !isEventStream(res.getHeader('Content-Type')) && compression.filter(req, res),
    // Brotli at the middleware's quality 4 with a 256 KB window instead of 4 MB: API answers are far
    // smaller, so the bytes are the same and each answer skips a 4 MB allocation (ADR 057).
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
  });
}
