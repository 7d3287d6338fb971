import { AppError, LIMITED_ACCESS_REASON, LIMITED_SCOPE, requireCaller, type CallContext, type Caller } from '@caskade/kit';
import { ORDER_MSG } from '@caskade/orders/domain';

/** A signed-in buyer; nobody signed in is unauthenticated, any other role is refused as the spec says. */
export function requireBuyer(ctx: CallContext): Caller {
  const caller = requireCaller(ctx);
  if (caller.role !== 'buyer') throw new AppError('forbidden', { reason: ORDER_MSG.supplierCannotBuy });
  return caller;
}

/** A buyer who may change things: a limited-access login may only read (product-spec §1). */
export function requireWritingBuyer(ctx: CallContext): Caller {
  const caller = requireBuyer(ctx);
  if (caller.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
  return caller;
}
