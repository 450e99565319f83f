import type { Config } from '../config.ts';
import { subscribeEvents } from '../events/bus.ts';
import { deliverPush } from './deliver.ts';

/**
 * Web Push as a listener of the event pipeline (server/events/bus.ts): every agent notification
 * committed (a sample, a reminder, a referral assigned or moved to the agent...) goes to the agent's
 * phones. Every process runs this; deliverPush's claim sends each event once. Returns the unsubscribe.
 */
export function startPushDelivery(config: Config): () => void {
  return subscribeEvents(async (event, { db }) => {
    const notificationId = event.payload['notificationId'];
    if (event.type !== 'AGENT_NOTIFICATION' || typeof notificationId !== 'number') return;
    await deliverPush(db, config, { id: event.id, notificationId });
  });
}
