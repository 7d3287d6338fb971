/**
 * Dead letters for an operator: `npm run dlq -- list [limit]`, `npm run dlq -- show <seq>`,
 * `npm run dlq -- replay <seq>` against NATS_URL (default nats://127.0.0.1:4222). For a cluster:
 * `kubectl port-forward svc/caskade-nats 4222:4222`, then the same commands with its credentials in NATS_URL.
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { listDeadLetters, readDeadLetter, replayDeadLetter } from '@caskade/kit';

const USAGE = 'usage: npm run dlq -- list [limit] | show <seq> | replay <seq>';

async function main(): Promise<number> {
  const [command, arg] = process.argv.slice(2);
  const seq = Number(arg);
  if (!command || !['list', 'show', 'replay'].includes(command) || (command !== 'list' && !(Number.isSafeInteger(seq) && seq > 0))) {
    console.error(USAGE);
    return 64;
  }
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: 'caskade-dlq', timeout: 5000 });
  try {
    const jsm = await jetstreamManager(nc);
    if (command === 'list') {
      const limit = arg ? Number(arg) : 100;
      const letters = await listDeadLetters(jsm, { limit: Number.isSafeInteger(limit) && limit > 0 ? limit : 100 });
      if (letters.length === 0) console.log('no dead letters');
      for (const l of letters) console.log(`${l.seq}\t${l.deadLetteredAt}\t${l.consumer}\t${l.subject}\t${l.eventId ?? '(not an event)'}\t${l.deliveries}×\t${l.error}`);
      return 0;
    }
    if (command === 'show') {
      const letter = await readDeadLetter(jsm, seq);
      if (!letter) {
        console.error(`no dead letter at ${seq}`);
        return 1;
      }
      console.log(JSON.stringify(letter, null, 2));
      return 0;
    }
    const outcome = await replayDeadLetter(jetstream(nc), jsm, seq);
    if (!outcome.replayed) {
      console.error(`not replayed: ${outcome.reason}`);
      return 1;
    }
    console.log(`replayed event ${outcome.eventId} on ${outcome.subject}; letter ${seq} removed`);
    return 0;
  } finally {
    await nc.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
