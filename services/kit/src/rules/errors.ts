/**
 * The one error catalogue (calls-errors-constants.md §8, plus the codes the platform needs that
 * the spec leaves unnamed). Mapped once to HTTP here and once to gRPC in grpc/status.ts.
 * No Node dependencies: the web app imports this file too.
 */
export const ERROR_CATALOGUE = {
  // From the spec.
  'transaction-listing-not-found': { http: 404, title: 'Listing not found' },
  'transaction-invalid-transition': { http: 409, title: 'That action is not possible in the order’s current state' },
  'transaction-already-reviewed-by-customer': { http: 409, title: 'The buyer has already reviewed this order' },
  'transaction-already-reviewed-by-provider': { http: 409, title: 'The supplier has already reviewed this order' },
  'transaction-booking-time-not-available': { http: 409, title: 'That time is no longer available' },
  'transaction-listing-insufficient-stock': { http: 409, title: 'Not enough stock' },
  'transaction-payment-failed': { http: 402, title: 'The payment failed' },
  'transaction-charge-zero-payin': { http: 400, title: 'The order total must be above zero' },
  'transaction-charge-zero-payout': { http: 400, title: 'The supplier payout must be above zero' },
  'email-taken': { http: 409, title: 'That email address is already in use' },
  'email-not-found': { http: 404, title: 'No account uses that email address' },
  'email-too-many-verification-requests': { http: 429, title: 'Too many verification emails today (maximum 5); try again tomorrow' },
  'request-upload-over-limit': { http: 413, title: 'The upload is too large' },
  'validation-invalid-params': { http: 400, title: 'Some fields are invalid' },
  'validation-invalid-value': { http: 400, title: 'A value is invalid' },
  'not-found': { http: 404, title: 'Not found' },
  forbidden: { http: 403, title: 'You are not allowed to do that' },
  'transaction-missing-stripe-account': { http: 409, title: 'The supplier has not set up a payout account' },
  'old-total-mismatch': { http: 409, title: 'Stock changed since you loaded it; reload and try again' },
  // Beyond the spec (ADR 042): liquor is sold only to a buyer with a liquor licence on file.
  'transaction-liquor-licence-required': { http: 403, title: 'A liquor licence is needed to buy liquor; add yours to your account' },
  // Beyond the spec (ADR 081): the checkout's total moved (a price changed) after the buyer saw it.
  'transaction-price-changed': { http: 409, title: 'The order total changed since you reviewed it; check the new total and pay again' },
  // Platform codes the spec does not name.
  'auth-invalid-credentials': { http: 401, title: 'The email or password is incorrect' },
  'auth-unauthenticated': { http: 401, title: 'Please log in' },
  'auth-user-banned': { http: 403, title: 'This account has been suspended' },
  'auth-token-invalid': { http: 400, title: 'This link is invalid or has expired' },
  'name-taken': { http: 409, title: 'That name is already in use' },
  'too-many-requests': { http: 429, title: 'Too many requests; please wait and try again' },
  'unsupported-media-type': { http: 415, title: 'Unsupported file type' },
  'service-unavailable': { http: 503, title: 'The service is temporarily unavailable' },
  internal: { http: 500, title: 'Something went wrong on our side' },
} as const satisfies Record<string, { http: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorMeta = Record<string, unknown>;

export interface ApiError {
  status: number;
  code: ErrorCode;
  title: string;
  meta?: ErrorMeta;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** A failure the caller can act on. Thrown by use cases, mapped at the edges. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly meta: ErrorMeta | undefined;
  constructor(code: ErrorCode, meta?: ErrorMeta, message?: string) {
    super(message ?? ERROR_CATALOGUE[code].title);
    this.name = 'AppError';
    this.code = code;
    this.meta = meta;
  }
  get status(): number {
    return ERROR_CATALOGUE[this.code].http;
  }
  toApiError(): ApiError {
    const out: ApiError = { status: this.status, code: this.code, title: ERROR_CATALOGUE[this.code].title };
    if (this.meta !== undefined) out.meta = this.meta;
    return out;
  }
}

/** Field-level validation failure: `meta.fields` maps each bad field to its message key. */
export function invalidParams(fields: Record<string, string>): AppError {
  return new AppError('validation-invalid-params', { fields });
}
