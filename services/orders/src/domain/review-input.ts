/** A review as the API accepts it (moved from reviews.ts, ADR 062). */
import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_MSG, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './reviews';

/** A review as written: a whole rating 1–5 and a message (trimmed, 1–2000 characters). */
export const reviewInput = z
  .object({
    rating: z
      .number({ error: REVIEW_MSG.ratingRequired })
      .int({ error: REVIEW_MSG.ratingRequired })
      .min(REVIEW_RATING_MIN, { error: REVIEW_MSG.ratingRequired })
      .max(REVIEW_RATING_MAX, { error: REVIEW_MSG.ratingRequired }),
    content: z
      .string({ error: REVIEW_MSG.contentRequired })
      .trim()
      .min(1, { error: REVIEW_MSG.contentRequired })
      .max(REVIEW_CONTENT_MAX, { error: REVIEW_MSG.contentTooLong }),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInput>;
