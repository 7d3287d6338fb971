/** The operator console's calls: the local mailbox and bans. */
import { z } from 'zod';
import { queryInt } from '@caskade/kit/rules';

export const mailboxQuery = z.object({ limit: queryInt(1, 200, 50), to: z.string().max(254).default('') }).strict();
export const mailboxEmailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), kind: z.string(), createdAt: z.string() });
export const banBody = z.object({ banned: z.boolean() }).strict();
export const bannedUserSchema = z.object({ id: z.string(), role: z.string(), banned: z.boolean(), deleted: z.boolean() });

export type MailboxEmail = z.output<typeof mailboxEmailSchema>;
