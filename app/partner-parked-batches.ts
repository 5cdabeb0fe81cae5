import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { markPartnerBatchReplayed, parkedPartnerBatch, unacknowledgedOf, type ParkedPartnerBatch } from '../db/partner-parked-batches';
import { deliverPartnerEvents } from './partner-endpoints';
import { ProblemError } from './problems';

/**
 * Sends a parked partner batch again (`hub partner-deliveries replay <pkb_id>`): its events that no attempt
 * acknowledged go back to their shards' queues (signal-with-start, as any new event), each with a fresh 24-hour retry
 * window, and the batch is stamped replayed. If the cause is still there, the shard parks them again, as a new batch.
 * Refused (`conflict`) for a batch already replayed; `not_found` for an unknown id.
 */
export async function replayParkedBatch(
  deps: { orm: MikroORM; temporal: Client },
  id: string,
): Promise<{ batch: ParkedPartnerBatch; replayed: string[] }> {
  const batch = await parkedPartnerBatch(deps.orm, id);
  if (!batch) throw new ProblemError('not_found', { detail: `No parked partner batch ${id}.`, param: 'id' });
  if (batch.replayed_at)
    throw new ProblemError('conflict', { detail: `${id} was replayed at ${new Date(batch.replayed_at).toISOString()}.` });
  const open = await unacknowledgedOf(
    deps.orm,
    batch.events.map((e) => e.eventId),
  );
  const events = batch.events.filter((e) => open.has(e.eventId));
  // Handed over first, stamped after: a replay cut in between can be asked again (a queued event is not queued twice).
  if (events.length) await deliverPartnerEvents(deps.temporal, batch.partner_id, batch.environment, events);
  await markPartnerBatchReplayed(deps.orm, id);
  return { batch, replayed: events.map((e) => e.eventId) };
}
