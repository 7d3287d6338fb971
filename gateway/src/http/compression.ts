import compression from 'compression';
import type { RequestHandler } from 'express';

const isEventStream = (contentType: unknown): boolean => typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/event-stream');

/**
 * API JSON, index.html and sitemaps compressed on the fly (brotli or gzip, as the browser
 * accepts). Built assets come with their own precompressed files (spa), which this leaves alone;
 * server-sent events are never compressed: a compressor would hold each event back (ADR 057).
 */
export function compressResponses(): RequestHandler {
  return compression({ filter: (req, res) => !isEventStream(res.getHeader('Content-Type')) && compression.filter(req, res) });
}
