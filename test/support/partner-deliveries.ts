import type { Client } from '@temporalio/client';
import { getPartnerEndpointQueue, partnerEndpointWorkflowId } from '../../contracts/partner-webhook';
import { eventually } from '../../stack/eventually';

/** Waits until the partner's endpoint workflow of `environment` has nothing left to deliver. */
export async function partnerQueueDrained(client: Client, partnerId: string, environment: 'sandbox' | 'live' = 'sandbox'): Promise<void> {
  const handle = client.workflow.getHandle(partnerEndpointWorkflowId(partnerId, environment));
  await eventually(
    () => handle.query(getPartnerEndpointQueue).catch(() => []), // ended when idle: nothing waits either
    (queue) => queue.length === 0,
    `partner ${partnerId} ${environment} deliveries done`,
  );
}
