import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PUBLIC_WEBHOOKS_TASK_QUEUE } from '../contracts/public-webhooks';
import { webhookRecoveryWorkflowId, type WebhookRecoveryInput } from '../contracts/webhook-recovery';
import type { KeyEnvironment } from '../db/entities';
import { countRecoverable, deleteRecovery, findRecovery, insertRecovery, type RecoveryRow } from '../db/webhook-recoveries';
import { newId } from '../infra/ids';

/**
 * Recovers a destination (Svix's "recover failed messages since"): every delivery to it that failed for good, of
 * events created since `since` and until now, is sent again with the full retry schedule by one durable job,
 * `webhook-recovery:<rcv_id>`. The count is fixed at the start; `redelivered` grows as the job goes (an event that
 * meanwhile got a delivery of its own is skipped). Nothing to recover: completed at once, no job.
 */
export async function startRecovery(
  orm: MikroORM,
  temporal: Client,
  input: { accountId: string; environment: KeyEnvironment; destinationId: string; since: Date },
  now = new Date(),
): Promise<RecoveryRow> {
  const count = await countRecoverable(orm, input.destinationId, input.since, now);
  const id = newId('rcv', now.getTime());
  await insertRecovery(orm, {
    id,
    account_id: input.accountId,
    environment: input.environment,
    destination_id: input.destinationId,
    since: input.since,
    until: now,
    status: count === 0 ? 'completed' : 'running',
    count,
    created_at: now,
  });
  if (count > 0) {
    try {
      await temporal.workflow.start('webhookRecoveryWorkflow', {
        workflowId: webhookRecoveryWorkflowId(id),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        args: [{ recoveryId: id } satisfies WebhookRecoveryInput],
      });
    } catch (err) {
      await deleteRecovery(orm, id);
      throw err;
    }
  }
  return (await findRecovery(orm, id))!;
}

/** The recovery `id` of the owner, or null. */
export async function ownRecovery(orm: MikroORM, owner: { accountId: string; environment: KeyEnvironment }, id: string) {
  const row = await findRecovery(orm, id);
  return row && row.account_id === owner.accountId && row.environment === owner.environment ? row : null;
}
