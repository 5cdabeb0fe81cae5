import type { Client } from '@temporalio/client';
import { getPartnerEndpointQueue, partnerEndpointWorkflowId } from '../../contracts/partner-webhook';
import { PARTNER_ENDPOINT_SHARDS } from '../../domain/partner-delivery-queue';
import { eventually } from '../../stack/eventually';

/** Waits until the partner's endpoint workflows of `environment` have nothing left to deliver. */
export async function partnerQueueDrained(client: Client, partnerId: string, environment: 'sandbox' | 'live' = 'sandbox'): Promise<void> {
  const handles = Array.from({ length: PARTNER_ENDPOINT_SHARDS }, (_, shard) =>
    client.workflow.getHandle(partnerEndpointWorkflowId(partnerId, environment, shard)),
  );
  await eventually(
    // Ended when idle, or never started: nothing waits either.
    () => Promise.all(handles.map((handle) => handle.query(getPartnerEndpointQueue).catch(() => []))),
    (queues) => queues.every((queue) => queue.length === 0),
    `partner ${partnerId} ${environment} deliveries done`,
  );
}
