import type { Client } from '@temporalio/client';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { PARTNER_ENDPOINT_WORKFLOW, partnerEventsDeliveries } from '../contracts/partner-webhook';
import { deletePartnerEvent, partnerEvent, unacknowledgedPartnerEvents, type PartnerEventRef } from '../db/partner-events';
import type { NewPartnerEvent } from '../domain/partner-delivery-queue';
import { ProblemError } from './problems';
import { generateWebhookSecret } from '../infra/credentials';
import { newId } from '../infra/ids';
import { decryptSecret, encryptSecret } from '../infra/secrets';
import { HubEventSchema, PartnerWebhookEndpointSchema, type PartnerWebhookEndpoint } from '../db/entities';
import { ENVIRONMENTS, type Environment } from '../domain/environment';

/** How long a rotated partner secret keeps signing beside the new one. */
export const PARTNER_ROTATION_OVERLAP_SECONDS = 86_400;

/**
 * A partner's webhook endpoint of one environment: its URL and signing secrets. A credential of one environment only
 * ever reaches that environment's endpoint (docs/security.md).
 */
export async function partnerEndpoint(orm: MikroORM, partnerId: string, environment: Environment): Promise<PartnerWebhookEndpoint> {
  return orm.em.fork().findOneOrFail(PartnerWebhookEndpointSchema, { partnerId, environment });
}

/** Both endpoints of a new partner, each with its URL (or none) and its own secret; answers the secrets, shown once. */
export function createPartnerEndpoints(em: EntityManager, key: Buffer, partnerId: string, urls: Record<Environment, string | null>) {
  const secrets = { sandbox: generateWebhookSecret('phsec_'), live: generateWebhookSecret('phsec_') };
  for (const environment of ENVIRONMENTS) {
    em.create(PartnerWebhookEndpointSchema, {
      partnerId,
      environment,
      url: urls[environment],
      secretEnc: encryptSecret(secrets[environment], key),
      updatedAt: new Date(),
    });
  }
  return secrets;
}

/** The endpoint's URL, a hint of its secret (prefix and last four characters) and the end of a rotation's overlap. */
export async function webhookEndpoint(
  orm: MikroORM,
  secrets: { encryptionKey: Buffer; decryptionKeys?: readonly Buffer[] },
  partnerId: string,
  environment: Environment,
) {
  const endpoint = await partnerEndpoint(orm, partnerId, environment);
  const secret = decryptSecret(endpoint.secretEnc, secrets.decryptionKeys ?? secrets.encryptionKey);
  const overlapEnds =
    endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? endpoint.previousSecretExpiresAt : null;
  return { url: endpoint.url ?? null, secretHint: `phsec_…${secret.slice(-4)}`, previousSecretExpiresAt: overlapEnds };
}

export async function setWebhookUrl(orm: MikroORM, partnerId: string, environment: Environment, url: string | null): Promise<void> {
  const updated = await orm.em
    .fork()
    .nativeUpdate(PartnerWebhookEndpointSchema, { partnerId, environment }, { url, updatedAt: new Date() });
  if (updated !== 1) throw new Error(`no ${environment} webhook endpoint for partner ${partnerId}`);
}

/**
 * A new secret for the endpoint, shown once; the one it replaces keeps signing for PARTNER_ROTATION_OVERLAP_SECONDS
 * (deliveries carry both signatures meanwhile). A retry with the same `rotationKey` (the request's Idempotency-Key)
 * answers the secret the first call made, so a lost answer never costs the original secret its overlap.
 */
export async function rotateWebhookSecret(
  orm: MikroORM,
  secrets: { encryptionKey: Buffer; decryptionKeys?: readonly Buffer[] },
  partnerId: string,
  environment: Environment,
  rotationKey?: string,
): Promise<{ secret: string; url: string | null; previousSecretExpiresAt: Date }> {
  return orm.em.fork().transactional(async (em) => {
    const endpoint = await em.findOneOrFail(
      PartnerWebhookEndpointSchema,
      { partnerId, environment },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (rotationKey !== undefined && endpoint.rotationKey === rotationKey && endpoint.previousSecretExpiresAt) {
      const secret = decryptSecret(endpoint.secretEnc, secrets.decryptionKeys ?? secrets.encryptionKey);
      return { secret, url: endpoint.url ?? null, previousSecretExpiresAt: endpoint.previousSecretExpiresAt };
    }
    const secret = generateWebhookSecret('phsec_');
    const now = new Date();
    endpoint.previousSecretEnc = endpoint.secretEnc;
    endpoint.previousSecretExpiresAt = new Date(now.getTime() + PARTNER_ROTATION_OVERLAP_SECONDS * 1000);
    endpoint.secretEnc = encryptSecret(secret, secrets.encryptionKey);
    endpoint.rotationKey = rotationKey ?? null;
    endpoint.updatedAt = now;
    return { secret, url: endpoint.url ?? null, previousSecretExpiresAt: endpoint.previousSecretExpiresAt };
  });
}

/**
 * Writes a `webhook.test` event for the partner's endpoint of `environment` (it belongs to no booking), to deliver like
 * any other event. Returns null when that endpoint has no URL.
 */
async function recordPartnerTestEvent(orm: MikroORM, partnerId: string, environment: Environment) {
  const em = orm.em.fork();
  const endpoint = await em.findOneOrFail(PartnerWebhookEndpointSchema, { partnerId, environment });
  if (!endpoint.url) return null;
  const eventId = newId('evt');
  const occurredAt = new Date();
  const body = JSON.stringify({
    event: 'webhook.test',
    event_id: eventId,
    booking_id: null,
    external_id: null,
    sequence: null,
    occurred_at: occurredAt.toISOString(),
    livemode: environment === 'live',
    message: 'A test event from the dispatch hub. Check the X-Signature header, then answer any 2xx.',
  });
  em.create(HubEventSchema, {
    id: eventId,
    bookingId: null,
    sequence: null,
    type: 'webhook.test',
    partnerId,
    environment,
    body,
    createdAt: occurredAt,
  });
  await em.flush();
  return { eventId, url: endpoint.url, occurredAt };
}

/** Hands events to the partner's endpoint workflows of `environment` (started if none runs); the first one's id. */
export async function deliverPartnerEvents(
  temporal: Client,
  partnerId: string,
  environment: Environment,
  events: NewPartnerEvent[],
): Promise<string> {
  const deliveries = partnerEventsDeliveries(partnerId, environment, events);
  await Promise.all(deliveries.map((delivery) => temporal.workflow.signalWithStart(PARTNER_ENDPOINT_WORKFLOW, delivery)));
  return deliveries[0].workflowId;
}

/**
 * Queues a signed `webhook.test` event to the partner's endpoint of `environment`, delivered and retried like every
 * other event. Null when that endpoint has no URL; an event whose delivery could not be queued is removed.
 */
export async function sendPartnerTestEvent(deps: { orm: MikroORM; temporal: Client }, partnerId: string, environment: Environment) {
  const event = await recordPartnerTestEvent(deps.orm, partnerId, environment);
  if (!event) return null;
  try {
    const workflowId = await deliverPartnerEvents(deps.temporal, partnerId, environment, [
      { eventId: event.eventId, bookingId: null, type: 'webhook.test' },
    ]);
    return { ...event, workflowId };
  } catch (err) {
    await deletePartnerEvent(deps.orm, event.eventId);
    throw err;
  }
}

/**
 * Sends events again (same ids and bodies) through the endpoint's delivery queue: one event by id (`not_found` when
 * it is not the partner's), or every event created in [from, to) that was never acknowledged. The events sent.
 */
export async function redeliverPartnerEvents(
  deps: { orm: MikroORM; temporal: Client },
  partnerId: string,
  environment: Environment,
  selection: { eventId: string } | { from: Date; to: Date },
): Promise<string[]> {
  let rows: PartnerEventRef[];
  if ('eventId' in selection) {
    const event = await partnerEvent(deps.orm, selection.eventId, partnerId, environment);
    if (!event) throw new ProblemError('not_found', { detail: `No event ${selection.eventId}.`, param: 'event_id' });
    rows = [event];
  } else {
    rows = await unacknowledgedPartnerEvents(deps.orm, partnerId, environment, selection.from, selection.to);
  }
  const events = rows.map((r) => ({ eventId: r.id, bookingId: r.booking_id, type: r.type }));
  if (events.length) await deliverPartnerEvents(deps.temporal, partnerId, environment, events);
  return events.map((e) => e.eventId);
}
