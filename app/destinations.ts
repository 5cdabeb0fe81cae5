import type { MikroORM } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { encryptDestinationSecret, newSigningSecret } from '../infra/destination-secrets';
import { newId } from '../infra/ids';
import { publicEventBody, TEST_EVENT_TYPE, testEventData, type PublicEventType } from '../domain/public-events';
import {
  deliveryWorkflowId,
  type DeliveryInput,
  destinationWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  setDestinationStatus,
  type DestinationWorkflowInput,
} from '../contracts/public-webhooks';
import { PublicDeliverySchema, PublicEventSchema, WebhookDestinationSchema, type WebhookDestination } from '../db/entities';
import { destinationsEventWentTo, eventOfAccount, failedDeliveriesToRedeliver, type DeliveredPair } from '../db/public-deliveries';
import { deleteDelivery, insertRedelivery } from '../db/webhook-recoveries';
import { testOrLive, type Environment } from '../domain/environment';

/** How long the previous secret keeps signing after a rotation, unless the caller says otherwise. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3600;

export async function createDestination(
  orm: MikroORM,
  key: Buffer,
  input: { accountId: string; environment: Environment; url: string; description?: string | null; eventTypes: string[] },
): Promise<{ destination: WebhookDestination; secret: string }> {
  const em = orm.em.fork();
  const id = newId('whd');
  const secret = newSigningSecret();
  const now = new Date();
  const destination = em.create(WebhookDestinationSchema, {
    id,
    accountId: input.accountId,
    environment: input.environment,
    url: input.url,
    description: input.description ?? null,
    eventTypes: input.eventTypes,
    secretEnc: encryptDestinationSecret(secret, id, key),
    secretLast4: secret.slice(-4),
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { destination, secret };
}

/** A new current secret; the old one keeps signing (as a second `v1=`) for `overlapSeconds`. */
export async function rotateDestinationSecret(
  orm: MikroORM,
  key: Buffer,
  destinationId: string,
  overlapSeconds = DEFAULT_ROTATION_OVERLAP_SECONDS,
): Promise<{ destination: WebhookDestination; secret: string }> {
  const em = orm.em.fork();
  const d = await em.findOneOrFail(WebhookDestinationSchema, { id: destinationId, deletedAt: null });
  const secret = newSigningSecret();
  const now = new Date();
  d.previousSecretEnc = overlapSeconds > 0 ? d.secretEnc : null;
  d.previousSecretExpiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
  d.secretEnc = encryptDestinationSecret(secret, d.id, key);
  d.secretLast4 = secret.slice(-4);
  d.updatedAt = now;
  await em.flush();
  return { destination: d, secret };
}

/** Changes a destination's URL, description or selected events; deliveries already under way keep their target. */
export async function updateDestination(
  orm: MikroORM,
  destinationId: string,
  changes: { url?: string; description?: string | null; eventTypes?: string[] },
): Promise<WebhookDestination> {
  const em = orm.em.fork();
  const d = await em.findOneOrFail(WebhookDestinationSchema, { id: destinationId });
  if (changes.url !== undefined) d.url = changes.url;
  if (changes.description !== undefined) d.description = changes.description;
  if (changes.eventTypes !== undefined) d.eventTypes = changes.eventTypes;
  d.updatedAt = new Date();
  await em.flush();
  return d;
}

/**
 * Deletes a destination: no new event goes to it, and its workflows end now instead of at their next attempt (a retry
 * may sleep for hours): the entity `destination:<id>` and every delivery still pending or parked, whose rows then say
 * `failed` with `destination_deleted`. The delivery log stays readable. Deleting twice is a no-op.
 */
export async function deleteDestination(orm: MikroORM, temporal: Client, destinationId: string): Promise<{ endedDeliveries: number }> {
  const em = orm.em.fork();
  const now = new Date();
  await em.nativeUpdate(WebhookDestinationSchema, { id: destinationId, deletedAt: null }, { deletedAt: now, updatedAt: now });
  const open = await em.find(PublicDeliverySchema, { destinationId, state: { $in: ['pending', 'parked'] } }, { fields: ['id', 'eventId'] });
  const end = (workflowId: string) =>
    temporal.workflow
      .getHandle(workflowId)
      .terminate('destination deleted')
      .catch((err) => {
        if (!(err instanceof WorkflowNotFoundError)) throw err; // never started, or already over
      });
  await end(destinationWorkflowId(destinationId));
  for (let i = 0; i < open.length; i += 20) {
    await Promise.all(open.slice(i, i + 20).map((d) => end(deliveryWorkflowId(d.eventId, destinationId))));
  }
  await em.nativeUpdate(
    PublicDeliverySchema,
    { destinationId, state: { $in: ['pending', 'parked'] } },
    { state: 'failed', lastError: 'destination_deleted', updatedAt: now },
  );
  return { endedDeliveries: open.length };
}

/**
 * Pauses (by hand) or resumes a destination: the row first, so the next attempt sees it, then the entity workflow
 * (`destination:<id>`), which keeps the count and the search attribute and, on resume, drains the parked backlog.
 */
export async function setDestinationActive(
  orm: MikroORM,
  temporal: Client,
  destinationId: string,
  active: boolean,
  reason = 'paused by request',
): Promise<WebhookDestination> {
  const em = orm.em.fork();
  const d = await em.findOneOrFail(WebhookDestinationSchema, { id: destinationId, deletedAt: null });
  const now = new Date();
  if (active) {
    Object.assign(d, { status: 'active', pausedReason: null, pausedSince: null, failingSince: null, updatedAt: now });
  } else if (d.status !== 'paused') {
    Object.assign(d, { status: 'paused', pausedReason: reason, pausedSince: now, updatedAt: now });
  }
  await em.flush();
  await signalDestination(temporal, destinationId, { status: active ? 'active' : 'paused' });
  return d;
}

export async function signalDestination(temporal: Client, destinationId: string, change: { status: 'active' | 'paused' }) {
  await temporal.workflow.signalWithStart('destinationWorkflow', {
    workflowId: destinationWorkflowId(destinationId),
    taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
    args: [{ destinationId } satisfies DestinationWorkflowInput],
    signal: setDestinationStatus,
    signalArgs: [change],
  });
}

/**
 * Records a test event for one destination, marked `"test": true`, and starts its delivery: `webhook.test`, or any
 * type of the catalogue with the example payload given (`example`). Its dedupe key (`test:<evt>`) keeps it out of the
 * event log and of the pause rule.
 */
export async function sendDestinationTestEvent(
  orm: MikroORM,
  temporal: Client,
  d: WebhookDestination,
  of: { type: PublicEventType; example?: unknown } = { type: TEST_EVENT_TYPE },
) {
  const em = orm.em.fork();
  const now = new Date();
  const eventId = newId('evt', now.getTime());
  const deliveryId = newId('dlv', now.getTime());
  const livemode = d.environment === 'live';
  const body = publicEventBody({
    id: eventId,
    type: of.type,
    created: now.toISOString(),
    livemode,
    test: true,
    data:
      of.type === TEST_EVENT_TYPE
        ? { destination: d.id, message: 'A test event sent on request.' }
        : testEventData(of.example ?? {}, livemode),
  });
  em.create(PublicEventSchema, {
    id: eventId,
    accountId: d.accountId,
    environment: d.environment,
    type: of.type,
    dedupeKey: `test:${eventId}`,
    body,
    createdAt: now,
  });
  await em.flush();
  em.create(PublicDeliverySchema, {
    id: deliveryId,
    eventId,
    destinationId: d.id,
    state: 'pending',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  await temporal.workflow.start('deliveryWorkflow', {
    workflowId: deliveryWorkflowId(eventId, d.id),
    taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
    args: [{ deliveryId, eventId, destinationId: d.id } satisfies DeliveryInput],
  });
  return { eventId, deliveryId };
}

/**
 * Starts new deliveries of past events to the owner's destinations: one event (to one destination or to every one
 * of the owner's that had it), or every delivery that failed for good of events created in [from, to). Returns null
 * when the event is neither the owner's nor one that went to the owner's destinations.
 */
export async function redeliver(
  orm: MikroORM,
  temporal: Client,
  owner: { accountId: string; environment: Environment },
  input: { event_id?: string; destination_id?: string; from?: string; to?: string },
): Promise<{ deliveryId: string; eventId: string; destinationId: string }[] | null> {
  let pairs: DeliveredPair[];
  // Only to the owner's own destinations: an event also went to every operator's, which is theirs to redeliver.
  if (input.event_id) {
    const eventId = await eventOfAccount(orm, owner.accountId, testOrLive(owner.environment), input.event_id);
    if (!eventId) return null;
    pairs = await destinationsEventWentTo(orm, owner.accountId, eventId, input.destination_id);
  } else {
    pairs = await failedDeliveriesToRedeliver(orm, {
      accountId: owner.accountId,
      environment: testOrLive(owner.environment),
      from: new Date(input.from!),
      to: new Date(input.to!),
      destinationId: input.destination_id,
    });
  }
  const started: { deliveryId: string; eventId: string; destinationId: string }[] = [];
  for (const p of pairs) {
    const deliveryId = newId('dlv');
    // The row first: the workflow's first attempt reads it.
    await insertRedelivery(orm, deliveryId, p.event_id, p.destination_id);
    try {
      await temporal.workflow.start('deliveryWorkflow', {
        workflowId: deliveryWorkflowId(p.event_id, p.destination_id),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        args: [{ deliveryId, eventId: p.event_id, destinationId: p.destination_id } satisfies DeliveryInput],
      });
    } catch (err) {
      await deleteDelivery(orm, deliveryId);
      if ((err as Error).name === 'WorkflowExecutionAlreadyStartedError') continue; // one is under way
      throw err;
    }
    started.push({ deliveryId, eventId: p.event_id, destinationId: p.destination_id });
  }
  return started;
}
