/** What a message and a conversation search accept (moved from messages.ts, ADR 062). */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGING_MSG } from './messages';

/** A message's content: trimmed, not empty, at most 5000 characters. */
export const messageContent = z
  .string({ error: MESSAGING_MSG.contentRequired })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: MESSAGING_MSG.contentRequired }).max(MESSAGE_MAX_LENGTH, { error: MESSAGING_MSG.contentTooLong }));

/** A search needs a keyword (product-spec §5): at least one non-space character, at most 100. */
export const conversationKeyword = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: MESSAGING_MSG.keywordRequired }).max(100, { error: 'validation.invalidValue' }));
