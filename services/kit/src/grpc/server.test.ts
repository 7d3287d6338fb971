import { Metadata, status, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { MD } from '../context';
import { createLogger } from '../logger';
import { AppError } from '../rules/errors';
import { unaryService } from './server';

interface Outcome {
  code?: number;
  details?: string;
  metadata?: Metadata;
}

/** Runs one handler through the wrapper the way grpc-js would and answers the error it reports. */
function callWith(failure: unknown): Promise<Outcome | null> {
  const svc = unaryService<{ Fail: (call: ServerUnaryCall<object, object>, cb: sendUnaryData<object>) => void }>(
    { Fail: async () => Promise.reject(failure) },
    createLogger('test', 'silent'),
  );
  return new Promise((resolve) => {
    const call = { request: {}, metadata: new Metadata() } as unknown as ServerUnaryCall<object, object>;
    svc.Fail(call, (err) => resolve(err ? { code: err.code, details: err.details, metadata: err.metadata } : null));
  });
}

describe('unaryService error mapping', () => {
  it('answers PostgreSQL data exceptions (class 22) as invalid input, not an internal error', async () => {
    for (const sqlstate of ['22021', '22P05', '22003', '22P02']) {
      const out = await callWith(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: sqlstate }));
      expect({ sqlstate, code: out?.code, appCode: out?.metadata?.get(MD.errorCode)[0] }).toEqual({ sqlstate, code: status.INVALID_ARGUMENT, appCode: 'validation-invalid-value' });
    }
  });

  it('keeps AppErrors and answers anything else as INTERNAL', async () => {
    expect((await callWith(new AppError('not-found')))?.code).toBe(status.NOT_FOUND);
    expect((await callWith(Object.assign(new Error('duplicate key'), { code: '23505' })))?.code).toBe(status.INTERNAL);
    expect((await callWith(new Error('boom')))?.code).toBe(status.INTERNAL);
  });
});
