import type { Client } from '@temporalio/client';
import type { ReceivedRequest } from '../../stack/receiver';
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

/**
 * Each booking's events, as first attempts (`X-Delivery-Attempt: 1`), reached the receiver in `sequence` order. An
 * attempt that failed (under load, a POST can time out) is retried on its schedule and may come after later events:
 * the order the hub promises is that of first attempts.
 */
export function expectFirstAttemptsInOrder(requests: readonly ReceivedRequest[]): void {
  const sequences = new Map<string, number[]>();
  for (const r of requests) {
    if (r.headers['x-delivery-attempt'] !== '1') continue;
    const { booking_id, sequence } = JSON.parse(r.body) as { booking_id: string; sequence: number };
    sequences.set(booking_id, [...(sequences.get(booking_id) ?? []), sequence]);
  }
  for (const [bookingId, seen] of sequences) expect({ bookingId, seen }).toEqual({ bookingId, seen: [...seen].sort((a, b) => a - b) });
}
