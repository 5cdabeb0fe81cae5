import { createPublicDeliveryAttemptActivities } from './public-delivery-attempt';
import { createPublicDestinationActivities } from './public-destination';
import { createPublicDestinationDrainActivities } from './public-destination-drain';
import { createPublicEventPublishActivities } from './public-event-publish';
import type { PublicWebhookActivityDeps } from './public-webhook-deps';

export type { PublicWebhookActivityDeps } from './public-webhook-deps';

/**
 * Every activity of the public webhooks' workflows, for their worker: publishing (workflows/public-events.ts), the
 * delivery attempt (workflows/public-delivery.ts), the destination's bookkeeping and drain (workflows/destination.ts).
 */
export function createPublicWebhookActivities(deps: PublicWebhookActivityDeps) {
  return {
    ...createPublicEventPublishActivities(deps),
    ...createPublicDeliveryAttemptActivities(deps),
    ...createPublicDestinationActivities(deps),
    ...createPublicDestinationDrainActivities(deps),
  };
}

export type PublicWebhookActivities = ReturnType<typeof createPublicWebhookActivities>;
