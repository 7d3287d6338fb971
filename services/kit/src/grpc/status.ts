import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { MD } from '../context';
import { AppError, ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '../rules/errors';

/** Each catalogue code's gRPC status: the one place this mapping lives. */
const GRPC_STATUS: Record<ErrorCode, status> = {
  'transaction-listing-not-found': status.NOT_FOUND,
  'transaction-invalid-transition': status.FAILED_PRECONDITION,
  'transaction-already-reviewed-by-customer': status.ALREADY_EXISTS,
  'transaction-already-reviewed-by-provider': status.ALREADY_EXISTS,
  'transaction-booking-time-not-available': status.ABORTED,
  'transaction-listing-insufficient-stock': status.ABORTED,
  'transaction-payment-failed': status.FAILED_PRECONDITION,
  'transaction-charge-zero-payin': status.INVALID_ARGUMENT,
  'transaction-charge-zero-payout': status.INVALID_ARGUMENT,
  'email-taken': status.ALREADY_EXISTS,
  'email-not-found': status.NOT_FOUND,
  'email-too-many-verification-requests': status.RESOURCE_EXHAUSTED,
  'request-upload-over-limit': status.RESOURCE_EXHAUSTED,
  'validation-invalid-params': status.INVALID_ARGUMENT,
  'validation-invalid-value': status.INVALID_ARGUMENT,
  'not-found': status.NOT_FOUND,
  forbidden: status.PERMISSION_DENIED,
  'transaction-missing-stripe-account': status.FAILED_PRECONDITION,
  'old-total-mismatch': status.ABORTED,
  'transaction-liquor-licence-required': status.PERMISSION_DENIED,
  'transaction-price-changed': status.ABORTED,
  'auth-invalid-credentials': status.UNAUTHENTICATED,
  'auth-unauthenticated': status.UNAUTHENTICATED,
  'auth-user-banned': status.PERMISSION_DENIED,
  'auth-token-invalid': status.INVALID_ARGUMENT,
  'name-taken': status.ALREADY_EXISTS,
  'too-many-requests': status.RESOURCE_EXHAUSTED,
  'unsupported-media-type': status.INVALID_ARGUMENT,
  'service-unavailable': status.UNAVAILABLE,
  internal: status.INTERNAL,
};

export interface GrpcErrorPayload {
  code: status;
  details: string;
  metadata: Metadata;
}

/** gRPC metadata values must be printable ASCII: JSON with every other character as a \u escape (JSON.parse restores it). */
const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function appErrorToGrpc(err: AppError): GrpcErrorPayload {
  const metadata = new Metadata();
  metadata.set(MD.errorCode, err.code);
  if (err.meta !== undefined) metadata.set(MD.errorMeta, asciiJson(err.meta));
  return { code: GRPC_STATUS[err.code], details: err.message, metadata };
}

/** A failed call back into an AppError: the catalogue code when the server sent one, else by status. */
export function grpcToAppError(err: ServiceError): AppError {
  const code = err.metadata?.get(MD.errorCode)[0];
  if (isErrorCode(code)) {
    const rawMeta = err.metadata.get(MD.errorMeta)[0];
    let meta: Record<string, unknown> | undefined;
    if (typeof rawMeta === 'string') {
      try {
        meta = JSON.parse(rawMeta) as Record<string, unknown>;
      } catch {
        meta = undefined;
      }
    }
    return new AppError(code, meta);
  }
  switch (err.code) {
    case status.UNAVAILABLE:
    case status.DEADLINE_EXCEEDED:
    case status.CANCELLED:
      return new AppError('service-unavailable', { grpc: status[err.code] });
    case status.NOT_FOUND:
      return new AppError('not-found');
    case status.PERMISSION_DENIED:
      return new AppError('forbidden');
    case status.UNAUTHENTICATED:
      return new AppError('auth-unauthenticated');
    case status.INVALID_ARGUMENT:
      return new AppError('validation-invalid-value');
    default:
      return new AppError('internal', undefined, ERROR_CATALOGUE.internal.title);
  }
}
