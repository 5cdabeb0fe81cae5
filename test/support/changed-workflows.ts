/**
 * Today's workflows with one versioned change to `bookingWorkflow`, deployed the way the README's "Changing a
 * workflow" says: the new step behind `patched()`. A test runs a booking started on today's code on this bundle.
 */
import { patched, sleep } from '@temporalio/workflow';
import { bookingWorkflow as today } from '../../workflows/booking';

export const CHANGE_PATCH_ID = 'test-settling-pause';

export {
  deliveryWorkflow,
  destinationWorkflow,
  partnerEndpointWorkflow,
  partnerWebhookWorkflow,
  passengerDataRetentionWorkflow,
  publicEventWorkflow,
  quoteWorkflow,
  settlementCycleWorkflow,
} from '../../workflows';

export async function bookingWorkflow(...args: Parameters<typeof today>): ReturnType<typeof today> {
  // The change: a new timer before everything else (a new command, which would break running bookings unpatched).
  if (patched(CHANGE_PATCH_ID)) await sleep('1 second');
  return today(...args);
}
