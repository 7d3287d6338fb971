/**
 * Messaging across gateway replicas (distributed mode: one process per service, PostgreSQL, NATS,
 * Redis, two gateways): the supplier's event stream is held by one gateway while the buyer sends
 * through the other, and the message arrives at once; a stream that drops and reconnects to the
 * other replica with its Last-Event-ID gets what it missed, once.
 */
import { randomUUID } from 'node:crypto';
import type { MessageStreamData, SentMessage } from '@caskade/gateway/contract';
import { buyerSignup, supplierSignup } from '../support/accounts';
import { useDistributedApp } from '../support/distributed';
import { ApiSession } from '../support/http';
import { cookieOf, openStream } from '../support/sse';

const fx = useDistributedApp('distributed: messaging across gateway replicas', { extraGateways: 1 });

fx.test('a message sent through one gateway reaches a stream on the other, and a resumed stream misses nothing', async (app) => {
  const [one, two] = app.gatewayUrls;
  expect(app.gatewayUrls).toHaveLength(2);
  expect(two).not.toBe(one);
  const tag = randomUUID().slice(0, 8);
  const buyer = new ApiSession(one ?? '');
  const supplier = new ApiSession(one ?? '');
  expect((await buyer.post('/api/auth/sign-up', buyerSignup(`dm-${tag}@buyers.example.com`))).status).toBe(201);
  const signedUp = await supplier.post<{ data: { id: string } }>('/api/auth/sign-up', supplierSignup(`dm-${tag}@suppliers.example.com`, `Replica ${tag}`));
  expect(signedUp.status).toBe(201);
  const opened = await buyer.post<{ data: { conversation: { id: string } } }>('/api/messages/conversations', { otherUserId: signedUp.body.data.id });
  expect(opened.status).toBe(201);
  const conversationId = opened.body.data.conversation.id;

  // The supplier's stream on gateway two; the buyer writes through gateway one.
  const stream = await openStream(two ?? '', cookieOf(supplier));
  await stream.next((f) => f.event === 'ready', 10_000);
  const started = Date.now();
  const sent = await buyer.post<{ data: SentMessage }>('/api/messages', { conversationId, content: 'Across replicas' });
  expect(sent.status).toBe(201);
  const frame = await stream.next((f) => f.event === 'message', 5000);
  const elapsed = Date.now() - started;
  expect((JSON.parse(frame.data) as MessageStreamData).message).toMatchObject({ id: sent.body.data.message?.id, content: 'Across replicas' });
  expect(elapsed).toBeLessThan(2000);
  const resumeFrom = stream.lastEventId;
  stream.close();

  for (const content of ['Missed on two (1)', 'Missed on two (2)']) expect((await buyer.post('/api/messages', { conversationId, content })).status).toBe(201);
  // Back on the other replica, from where it left off.
  const resumed = await openStream(one ?? '', cookieOf(supplier), resumeFrom);
  await resumed.next((f) => f.event === 'ready', 10_000);
  expect((await buyer.post('/api/messages', { conversationId, content: 'Live on one' })).status).toBe(201);
  await resumed.next((f) => f.event === 'message' && f.data.includes('Live on one'), 5000);
  const contents = resumed.frames.filter((f) => f.event === 'message').map((f) => (JSON.parse(f.data) as MessageStreamData).message.content);
  expect(contents).toEqual(['Missed on two (1)', 'Missed on two (2)', 'Live on one']);
  resumed.close();
}, 120_000);
