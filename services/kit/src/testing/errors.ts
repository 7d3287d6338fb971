import { AppError } from '../rules/errors';

/** Awaits `p` and answers the AppError it rejects with; throws when it resolves or rejects with anything else. */
export async function expectAppError(p: Promise<unknown>, code: string): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError && err.code === code) return err;
    throw new Error(`expected AppError ${code}, got ${err instanceof AppError ? `AppError ${err.code}` : String(err)}`);
  }
  throw new Error(`expected AppError ${code}, but the call succeeded`);
}
