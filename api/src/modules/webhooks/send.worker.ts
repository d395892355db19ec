import { workerData } from 'node:worker_threads';
import { serveOrders } from '../../common/threads/order-port';
import { delivered } from './delivery-outcome';
import { safePost, type PostOutcome } from './safe-post';
import { SecretBox } from './secret-box';
import type { SendOrder, SendThreadData } from './send-order';
import { signedHeaders } from './signature';

/**
 * The sending thread's entry (started by send-thread.ts): opens the signing secrets, signs, and POSTs one endpoint's
 * events in order through the guarded lookup (safe-post.ts), so none of it runs on the event loop that serves
 * requests. Orders come, and answers go, a list at a time (common/threads/).
 */
const box = new SecretBox((workerData as SendThreadData).serverSecret);

const notSent = (error: string): PostOutcome => ({ sentAt: new Date(), statusCode: null, response: '', error, durationMs: 0 });

async function sendInOrder(order: SendOrder): Promise<(PostOutcome | null)[]> {
  const outcomes: (PostOutcome | null)[] = [];
  let secrets: string[] | null;
  try {
    secrets = order.sealedSecrets?.map((sealed) => box.open(sealed)) ?? null;
  } catch {
    return [notSent('The signing secret cannot be read (JWT_SECRET changed?): rotate it')];
  }
  const began = Date.now();
  for (const delivery of order.deliveries) {
    if (outcomes.length > 0 && Date.now() - began >= order.answerWithinMs) break;
    if ('outcome' in delivery) {
      outcomes.push(delivery.outcome);
      continue;
    }
    if (Date.now() + order.options.timeoutMs > order.sendBefore) break;
    // Signed just before it leaves: the timestamp says when this attempt was made.
    const headers = secrets ? signedHeaders(secrets, delivery.eventId, Math.floor(Date.now() / 1000), delivery.body) : {};
    const outcome = await safePost(order.url, delivery.body, headers, order.options);
    outcomes.push(outcome);
    if (!delivered(outcome)) break;
  }
  return outcomes;
}

serveOrders((order: SendOrder) => sendInOrder(order).catch((err: Error) => [notSent(`Not sent: ${err.message}`)]));
