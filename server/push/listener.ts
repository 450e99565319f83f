import type { Config } from '../config.ts';
import { subscribeEvents } from '../events/bus.ts';
import { deliverPush } from './deliver.ts';

// A claim must outlive every redelivery of its event (the bus replays the last minute on a restart);
// a day is far beyond that, and keeps push_deliveries to about a day's notifications.
const CLAIM_KEPT_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Web Push as a listener of the event pipeline (server/events/bus.ts): every agent notification
 * committed (a sample, a reminder, a referral assigned or moved to the agent...) goes to the agent's
 * phones. Every process runs this; deliverPush's claim sends each event once. Returns the unsubscribe.
 */
export function startPushDelivery(config: Config): () => void {
  let pruned = 0;
  return subscribeEvents(async (event, { db }) => {
    const notificationId = event.payload['notificationId'];
    if (event.type !== 'AGENT_NOTIFICATION' || typeof notificationId !== 'number') return;
    await deliverPush(db, config, { id: event.id, notificationId });
    if (Date.now() - pruned > PRUNE_EVERY_MS) {
      pruned = Date.now();
      await db
        .deleteFrom('push_deliveries')
        .where('claimed_at', '<', new Date(Date.now() - CLAIM_KEPT_MS))
        .execute();
    }
  });
}
