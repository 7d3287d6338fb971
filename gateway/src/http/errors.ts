import type { NextFunction, Request, Response } from 'express';
import { AppError, type ApiError, type Logger } from '@caskade/kit';

export function sendError(res: Response, err: AppError): void {
  const body: { errors: ApiError[] } = { errors: [err.toApiError()] };
  res.status(err.status).json(body);
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The last middleware: every failure becomes `{ errors: [...] }` with a catalogue code; only unknown ones are 500 and logged. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    // Too late for an error body: Express's own handler logs it and closes the connection.
    if (res.headersSent) return next(err);
    if (err instanceof AppError) return sendError(res, err);
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.too.large') return sendError(res, new AppError('request-upload-over-limit'));
    if (parserError?.type === 'entity.parse.failed' || parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
      return sendError(res, new AppError('validation-invalid-params', { fields: { _: 'validation.malformedBody' } }));
    }
    // serve-static's missing file (a stale or mistyped /assets/… URL).
    if (parserError?.status === 404) return sendError(res, new AppError('not-found'));
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return sendError(res, new AppError('validation-invalid-value'));
    }
    logger.error({ err, path: req.path, requestId: res.locals.requestId as string | undefined }, 'unhandled gateway error');
    sendError(res, new AppError('internal'));
  };
}
