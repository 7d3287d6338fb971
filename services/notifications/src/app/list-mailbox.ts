import { AppError, type CallContext } from '@caskade/kit';
import type { Kysely } from 'kysely';
import { findMailbox, type MailboxRow } from '../db/mailbox';
import type { NotificationsDB } from '../db/schema';

export const MAILBOX_DEFAULT_LIMIT = 50;
export const MAILBOX_MAX_LIMIT = 200;

/** The local mailbox, newest first: operators only (it holds other people's sign-in links). */
export async function listMailbox(db: Kysely<NotificationsDB>, ctx: CallContext, query: { limit: number; to?: string | undefined }): Promise<MailboxRow[]> {
  if (ctx.caller?.role !== 'operator') throw new AppError('forbidden');
  return findMailbox(db, query);
}
