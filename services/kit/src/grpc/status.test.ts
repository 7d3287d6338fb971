import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { MD } from '../context';
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '../rules/errors';
import { appErrorToGrpc, grpcToAppError } from './status';

const CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The ServiceError a grpc-js client sees for a call that failed with this status, details and trailers. */
function serviceError(code: status, details = 'failed', metadata: Metadata = new Metadata()): ServiceError {
  return Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata });
}

function viaGrpc(err: AppError): AppError {
  const { code, details, metadata } = appErrorToGrpc(err);
  return grpcToAppError(serviceError(code, details, metadata));
}

describe('appErrorToGrpc / grpcToAppError', () => {
  test.each(CODES)('%s round-trips with its meta', (code) => {
    const meta = { code, fields: { email: 'validation.required' }, n: 3, nested: { list: [1, 'two', null], flag: true } };
    const back = viaGrpc(new AppError(code, meta));
    expect(back).toBeInstanceOf(AppError);
    expect(back.code).toBe(code);
    expect(back.meta).toEqual(meta);
    expect(back.status).toBe(ERROR_CATALOGUE[code].http);
  });

  test.each(CODES)('%s round-trips without meta (meta stays undefined)', (code) => {
    const payload = appErrorToGrpc(new AppError(code));
    expect(payload.metadata.get(MD.errorCode)).toEqual([code]);
    expect(payload.metadata.get(MD.errorMeta)).toEqual([]);
    const back = grpcToAppError(serviceError(payload.code, payload.details, payload.metadata));
    expect(back.code).toBe(code);
    expect(back.meta).toBeUndefined();
  });

  test.each(CODES)('%s maps to a failure status, never OK', (code) => {
    const { code: grpcCode } = appErrorToGrpc(new AppError(code));
    expect(typeof grpcCode).toBe('number');
    expect(status[grpcCode]).toMatch(/^[A-Z_]+$/);
    expect(grpcCode).not.toBe(status.OK);
  });

  test('statuses follow the error kind', () => {
    const grpcOf = (code: ErrorCode) => appErrorToGrpc(new AppError(code)).code;
    expect(grpcOf('not-found')).toBe(status.NOT_FOUND);
    expect(grpcOf('forbidden')).toBe(status.PERMISSION_DENIED);
    expect(grpcOf('auth-unauthenticated')).toBe(status.UNAUTHENTICATED);
    expect(grpcOf('validation-invalid-params')).toBe(status.INVALID_ARGUMENT);
    expect(grpcOf('too-many-requests')).toBe(status.RESOURCE_EXHAUSTED);
    expect(grpcOf('service-unavailable')).toBe(status.UNAVAILABLE);
    expect(grpcOf('internal')).toBe(status.INTERNAL);
  });

  test('the details carry the AppError message', () => {
    expect(appErrorToGrpc(new AppError('not-found', undefined, 'no such listing')).details).toBe('no such listing');
    expect(appErrorToGrpc(new AppError('forbidden')).details).toBe(ERROR_CATALOGUE.forbidden.title);
  });

  // grpc-js only accepts printable ASCII in non-binary metadata values, and JSON.stringify keeps
  // non-ASCII characters as they are. An AppError whose meta holds e.g. a name with an accent must
  // still cross the wire (in unaryService a throw here means the callback is never called).
  test('meta with non-ASCII text round-trips', () => {
    const meta = { fields: { brandName: 'name-taken' }, name: 'Café Brûlé — ’s' };
    expect(viaGrpc(new AppError('name-taken', meta)).meta).toEqual(meta);
  });

  test('unparseable meta is dropped, the code kept', () => {
    const md = new Metadata();
    md.set(MD.errorCode, 'forbidden');
    md.set(MD.errorMeta, '{not json');
    const back = grpcToAppError(serviceError(status.PERMISSION_DENIED, 'x', md));
    expect(back.code).toBe('forbidden');
    expect(back.meta).toBeUndefined();
  });

  test('the catalogue code in the trailers wins over the status', () => {
    const md = new Metadata();
    md.set(MD.errorCode, 'email-taken');
    expect(grpcToAppError(serviceError(status.INTERNAL, 'x', md)).code).toBe('email-taken');
  });

  describe('a ServiceError without the app metadata maps by status', () => {
    test.each([
      [status.UNAVAILABLE, 'service-unavailable', { grpc: 'UNAVAILABLE' }],
      [status.DEADLINE_EXCEEDED, 'service-unavailable', { grpc: 'DEADLINE_EXCEEDED' }],
      [status.CANCELLED, 'service-unavailable', { grpc: 'CANCELLED' }],
      [status.NOT_FOUND, 'not-found', undefined],
      [status.PERMISSION_DENIED, 'forbidden', undefined],
      [status.UNAUTHENTICATED, 'auth-unauthenticated', undefined],
      [status.INVALID_ARGUMENT, 'validation-invalid-value', undefined],
      [status.INTERNAL, 'internal', undefined],
      [status.UNKNOWN, 'internal', undefined],
      [status.UNIMPLEMENTED, 'internal', undefined],
      [status.RESOURCE_EXHAUSTED, 'internal', undefined],
      [status.ALREADY_EXISTS, 'internal', undefined],
      [status.FAILED_PRECONDITION, 'internal', undefined],
      [status.ABORTED, 'internal', undefined],
    ] as const)('status %s → %s', (grpcCode, appCode, meta) => {
      const back = grpcToAppError(serviceError(grpcCode, 'upstream said something secret'));
      expect(back.code).toBe(appCode);
      expect(back.meta).toEqual(meta);
      // The upstream details never leak into the caller-facing message.
      expect(back.message).toBe(ERROR_CATALOGUE[appCode].title);
    });

    test('an unknown code in the trailers is ignored, the status used', () => {
      const md = new Metadata();
      md.set(MD.errorCode, 'not-a-catalogue-code');
      md.set(MD.errorMeta, '{"a":1}');
      const back = grpcToAppError(serviceError(status.NOT_FOUND, 'x', md));
      expect(back.code).toBe('not-found');
      expect(back.meta).toBeUndefined();
    });

    test('an inherited property name is not taken for a catalogue code', () => {
      const md = new Metadata();
      md.set(MD.errorCode, 'constructor');
      expect(grpcToAppError(serviceError(status.UNKNOWN, 'x', md)).code).toBe('internal');
    });

    test('a ServiceError with no metadata at all still maps', () => {
      const bare = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: status.UNAVAILABLE, details: 'No connection established' }) as unknown as ServiceError;
      expect(grpcToAppError(bare).code).toBe('service-unavailable');
    });
  });
});
