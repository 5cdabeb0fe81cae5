import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { issueCreditNote, type CreditReason } from '../db/credit-notes';
import { documentEventData } from '../domain/finance-events';
import { PUBLIC_WEBHOOKS_TASK_QUEUE, publicEventWorkflowId, type PublishPublicEventInput } from '../contracts/public-webhooks';
import type { IssuedDocument } from '../contracts/finance';
import { environmentOf, testOrLive } from '../domain/environment';

/**
 * Ops' correction of an issued invoice: a credit note reversing some or all of its lines, with its reason, and its
 * `credit_note.created` to the account's webhook destinations (published once per number).
 */
export async function creditInvoice(
  orm: MikroORM,
  temporal: Client,
  input: { invoiceNumber: string; positions?: number[]; reason: CreditReason },
): Promise<IssuedDocument & { credits: string }> {
  const note = await issueCreditNote(orm, input);
  await publishEvent(temporal, {
    type: 'credit_note.created',
    dedupeKey: `credit_note:${note.number}`,
    accountId: note.partyId,
    environment: testOrLive(environmentOf(note.livemode)),
    data: documentEventData(note),
  });
  return note;
}

/** Publishes a public event from outside a workflow: its own `public-event:<dedupe key>` workflow, started once. */
export async function publishEvent(temporal: Client, event: PublishPublicEventInput): Promise<void> {
  try {
    await temporal.workflow.start('publicEventWorkflow', {
      workflowId: publicEventWorkflowId(event.dedupeKey),
      taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
      args: [event],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
