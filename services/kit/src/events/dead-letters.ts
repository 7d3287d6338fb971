/**
 * The dead-letter stream, for an operator (`npm run dlq -- list|show|replay`): each letter is an
 * event a consumer gave up on (with the error and delivery count). Replaying publishes the event
 * again on its own subject — every consumer is idempotent through its inbox, so the ones that had
 * handled it change nothing — and removes the letter.
 */
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { DeadLetter } from './delivery';
import { DEAD_LETTER_STREAM } from './nats-bus';

export interface DeadLetterSummary {
  seq: number;
  consumer: string;
  subject: string;
  eventId: string | null;
  error: string;
  deliveries: number;
  deadLetteredAt: string;
}

const summary = (seq: number, letter: DeadLetter): DeadLetterSummary => ({
  seq,
  consumer: letter.consumer,
  subject: letter.subject,
  eventId: letter.event?.id ?? null,
  error: letter.error,
  deliveries: letter.deliveries,
  deadLetteredAt: letter.deadLetteredAt,
});

/** The letter stored at `seq`, or null when there is none. */
export async function readDeadLetter(jsm: JetStreamManager, seq: number, stream = DEAD_LETTER_STREAM): Promise<DeadLetter | null> {
  try {
    const msg = await jsm.streams.getMessage(stream, { seq });
    return msg ? (msg.json<DeadLetter>()) : null;
  } catch {
    return null;
  }
}

/** Up to `limit` letters, oldest first. */
export async function listDeadLetters(jsm: JetStreamManager, opts: { stream?: string; limit?: number } = {}): Promise<DeadLetterSummary[]> {
  const stream = opts.stream ?? DEAD_LETTER_STREAM;
  const info = await jsm.streams.info(stream);
  const out: DeadLetterSummary[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && out.length < (opts.limit ?? 100); seq++) {
    const letter = await readDeadLetter(jsm, seq, stream);
    if (letter) out.push(summary(seq, letter));
  }
  return out;
}

export type ReplayOutcome = { replayed: true; eventId: string; subject: string } | { replayed: false; reason: 'not-found' | 'not-an-event' };

/** Publish the letter's event again on its subject, then delete the letter. */
export async function replayDeadLetter(js: JetStreamClient, jsm: JetStreamManager, seq: number, stream = DEAD_LETTER_STREAM): Promise<ReplayOutcome> {
  const letter = await readDeadLetter(jsm, seq, stream);
  if (!letter) return { replayed: false, reason: 'not-found' };
  if (!letter.event) return { replayed: false, reason: 'not-an-event' };
  // A fresh message id: the stream's de-duplication window must not swallow the replay.
  await js.publish(letter.subject, JSON.stringify(letter.event), { msgID: `${letter.event.id}:replay:${seq}` });
  await jsm.streams.deleteMessage(stream, seq);
  return { replayed: true, eventId: letter.event.id, subject: letter.subject };
}
