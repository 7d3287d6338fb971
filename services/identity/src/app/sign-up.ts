import { randomUUID } from 'node:crypto';
import { AppError, enqueueEvent, fieldErrors, invalidParams, isUniqueViolation, withTransaction } from '@caskade/kit';
import { identity } from '@caskade/proto';
import { claimSupplierNames } from '../db/supplier-names';
import { insertUser } from '../db/users';
import { signupSchema } from '../domain';
import { nameKey, profileFromSignup } from '../domain/user';
import { UserSignedUp } from '../events/registry';
import type { IdentityDeps } from './deps';
import { queueVerificationEmail } from './email-links';
import { issueSession } from './sessions';
import { toUser } from './views';

/** Create a buyer or supplier account, log it in, and queue the verification email. */
export async function signUp(deps: IdentityDeps, req: identity.SignUpRequest): Promise<identity.SignUpResponse> {
  const p = req.profile ?? identity.Profile.fromPartial({});
  const parsed = signupSchema.safeParse({
    userType: req.userType,
    email: req.email,
    password: req.password,
    passwordConfirm: req.password,
    firstName: p.firstName,
    lastName: p.lastName,
    companyName: p.companyName,
    abnAcn: p.abnAcn,
    phoneNumber: p.phoneNumber,
    agreeTermsAndConditions: req.agreeTerms,
    ...(req.userType === 'buyer'
      ? { favouriteCategories: p.favouriteCategories }
      : {
          favouriteDrink: p.favouriteDrink || undefined,
          brandName: p.brandName,
          businessName: p.businessName,
          legalEntityName: p.legalEntityName,
          retailLiquorLicence: p.retailLiquorLicence || undefined,
          wholesaleLiquorLicence: p.wholesaleLiquorLicence || undefined,
          address: p.address,
          contactNumber: p.contactNumber,
        }),
  });
  if (!parsed.success) throw invalidParams(fieldErrors(parsed.error));
  const input = parsed.data;
  const profile = profileFromSignup(input);
  const passwordHash = await deps.passwords.hash(input.password);
  const id = randomUUID();
  try {
    const result = await withTransaction(deps.db, async (trx) => {
      const row = await insertUser(trx, {
        id,
        email: input.email,
        password_hash: passwordHash,
        role: input.userType,
        deleted_at: null,
        profile,
        brand_key: input.userType === 'supplier' ? nameKey(input.brandName) : null,
        business_key: input.userType === 'supplier' ? nameKey(input.businessName) : null,
      });
      if (row.role === 'supplier') await claimSupplierNames(trx, id, { brandName: row.brand_key, businessName: row.business_key });
      await enqueueEvent(trx, UserSignedUp, {
        aggregateId: id,
        aggregateVersion: row.version,
        data: {
          userId: id,
          email: row.email,
          role: row.role,
          firstName: profile.firstName,
          companyName: profile.companyName,
        },
      });
      await queueVerificationEmail(trx, deps, row);
      const session = await issueSession(trx, deps, row);
      return { user: toUser(row), session };
    });
    deps.eventsWritten();
    return result;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_active')) throw new AppError('email-taken', { fields: { email: 'email-taken' } });
    if (isUniqueViolation(err, 'users_brand_key')) throw new AppError('name-taken', { fields: { brandName: 'name-taken' } });
    if (isUniqueViolation(err, 'users_business_key')) throw new AppError('name-taken', { fields: { businessName: 'name-taken' } });
    throw err;
  }
}
