import { expectAppError } from '@caskade/kit/testing';
import { MAX_PAGE, pageArgs, pagination } from './paging';

describe('paging', () => {
  it('stops totalPages at the last page a client may ask for, keeping the true totalItems', async () => {
    const args = pageArgs(1, 1, 24);
    expect(pagination(args, 5_000)).toEqual({ page: 1, perPage: 1, totalItems: 5_000, totalPages: MAX_PAGE });
    expect(pagination(pageArgs(2, 24, 24), 100)).toEqual({ page: 2, perPage: 24, totalItems: 100, totalPages: 5 });
    const err = await expectAppError(Promise.resolve().then(() => pageArgs(MAX_PAGE + 1, 1, 24)), 'validation-invalid-params');
    expect(err.meta?.fields).toEqual({ page: 'validation.invalidValue' });
  });

  it('fills in the first page and the default page size, and refuses a page larger than the kit allows', async () => {
    expect(pageArgs(0, 0, 42)).toEqual({ page: 1, perPage: 42, offset: 0 });
    expect(pageArgs(3, 10, 42)).toEqual({ page: 3, perPage: 10, offset: 20 });
    const err = await expectAppError(Promise.resolve().then(() => pageArgs(1, 10_000, 24)), 'validation-invalid-params');
    expect(err.meta?.fields).toEqual({ perPage: 'validation.invalidValue' });
  });
});
