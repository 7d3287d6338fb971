import { Metadata, status, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { MD } from '../context';
import { createLogger } from '../logger';
import { AppError } from '../rules/errors';
import { setVerifiedContext, unaryService } from './server';

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
    setVerifiedContext(call, { requestId: 'test', caller: null, service: 'test' });
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

describe('unaryService refuses a call the kit did not verify', () => {
  it('answers UNAUTHENTICATED and never runs the handler, whatever the metadata says', async () => {
    let ran = false;
    const svc = unaryService<{ Work: (call: ServerUnaryCall<object, object>, cb: sendUnaryData<object>) => void }>(
      { Work: async () => { ran = true; return {}; } },
      createLogger('test', 'silent'),
    );
    const metadata = new Metadata();
    metadata.set('x-user-id', 'someone');
    metadata.set('x-user-role', 'operator');
    const out = await new Promise<Outcome | null>((resolve) => {
      svc.Work({ request: {}, metadata } as unknown as ServerUnaryCall<object, object>, (err) => resolve(err ? { code: err.code } : null));
    });
    expect(out?.code).toBe(status.UNAUTHENTICATED);
    expect(ran).toBe(false);
  });
});

describe('unaryService request ids in logs', () => {
  it('puts the caller’s request id on every line a handler logs, also after awaits and on the error line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const svc = unaryService<{ Work: (call: ServerUnaryCall<object, object>, cb: sendUnaryData<object>) => void }>(
      {
        Work: async () => {
          logger.info('before await');
          await new Promise((r) => setTimeout(r, 5));
          logger.info('after await');
          throw new Error('boom');
        },
      },
      logger,
    );
    const metadata = new Metadata();
    metadata.set(MD.requestId, 'req-from-gateway-1');
    const call = { request: {}, metadata } as unknown as ServerUnaryCall<object, object>;
    setVerifiedContext(call, { requestId: 'req-from-gateway-1', caller: null, service: 'gateway' });
    await new Promise<void>((resolve) => {
      svc.Work(call, () => resolve());
    });
    logger.info('outside any call');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before await', 'req-from-gateway-1'],
      ['after await', 'req-from-gateway-1'],
      ['unhandled error in gRPC handler', 'req-from-gateway-1'],
      ['outside any call', undefined],
    ]);
  });
});
