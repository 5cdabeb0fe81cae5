import { ProblemError } from '../../app/problems';
import { replayParkedBatch } from '../../app/partner-parked-batches';
import { parkedPartnerBatches, type ParkedPartnerBatch } from '../../db/partner-parked-batches';
import { Failure, positiveInt, flag, table, when, type Command } from './cli';

function batchJson(b: ParkedPartnerBatch) {
  return {
    id: b.id,
    partner_id: b.partner_id,
    environment: b.environment,
    shard: b.shard,
    events: b.events.map((e) => e.eventId),
    reason: b.reason,
    rounds: b.tries,
    first_failed_at: new Date(b.first_failed_at).toISOString(),
    parked_at: new Date(b.parked_at).toISOString(),
    replayed_at: b.replayed_at ? new Date(b.replayed_at).toISOString() : null,
  };
}

/** `hub partner-deliveries …`: partner batches their shard parked (docs/webhooks.md "Parked batches"). */
export const partnerDeliveryCommands: Record<string, Command> = {
  parked: {
    usage: 'partner-deliveries parked [--all] [--limit N]',
    summary: 'List partner batches parked after failing the same way (newest first; --all includes replayed ones).',
    options: { all: { type: 'boolean' }, limit: { type: 'string' } },
    async run({ orm, flags }) {
      const limitFlag = flag(flags, 'limit');
      const batches = await parkedPartnerBatches(orm, {
        all: flags.all === true,
        limit: limitFlag === undefined ? 100 : positiveInt(limitFlag, 'limit'),
      });
      return {
        json: batches.map(batchJson),
        text: table(
          ['batch', 'partner', 'env', 'shard', 'events', 'parked', 'replayed', 'reason'],
          batches.map((b) => [
            b.id,
            b.partner_id,
            b.environment,
            String(b.shard),
            String(b.events.length),
            when(new Date(b.parked_at)),
            when(b.replayed_at ? new Date(b.replayed_at) : null),
            b.reason,
          ]),
        ),
      };
    },
  },
  replay: {
    usage: 'partner-deliveries replay <batch>',
    summary: "Send a parked batch's unacknowledged events again through their shards (once per batch).",
    args: ['batch'],
    async run({ orm, args: [id], temporal }) {
      if (!temporal) throw new Failure('this command needs Temporal: start the hub (npm start) or set TEMPORAL_ADDRESS');
      const { batch, replayed } = await replayParkedBatch({ orm, temporal: await temporal() }, id!).catch((err: unknown) => {
        throw err instanceof ProblemError ? new Failure(err.message) : err;
      });
      return {
        json: { ...batchJson(batch), replayed },
        text: `Replayed ${batch.id}: ${replayed.length} of its ${batch.events.length} event(s) queued again for ${batch.partner_id} (${batch.environment}).`,
      };
    },
  },
};
