/**
 * `npm run record-histories`: runs every workflow type through a representative path on an in-memory Temporal dev
 * server (with embedded PostgreSQL, the real workers and the real API in this process) and writes each history to
 * `test/histories/<name>.json`. `test/workflows/replay-histories.test.ts` replays them against the current workflow
 * code, so a change that would break running workflows fails `npm test`.
 *
 * Add a workflow type: add one entry to RECORDINGS below (drive it through the API or the client, return its
 * workflow id, and say when its history is worth keeping), then run this script and commit the new file.
 * Record only against code that is already deployed (or about to be): the point is to keep the histories that
 * running workflows have. `npm run record-histories -- <name>…` records only the named entries.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { apiDeps, listen } from '../api/server';
import { addUnit, issueDriverCredential } from '../app/fleet';
import { createApiKey, createIntegratorAccount, createPartner } from '../app/accounts';
import { HubEventSchema } from '../db/entities';
import { appendBilledRide } from '../stack/billed-rides';
import { payInvoice } from '../app/payments';
import { findPayment, saveMandate } from '../db/payments';
import { closePeriod, issueInvoice } from '../db/finance';
import { tokenizeCard } from '../infra/payments/simulated';
import { paymentWorkflowId } from '../contracts/payments';
import { settlementCycleWorkflowId, type PeriodRef } from '../contracts/finance';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { keyRingOf } from '../infra/key-ring';
import { PayloadEncryptionCodec } from '../infra/payload-codec';
import { BOOKINGS_TASK_QUEUE, bookingWorkflowId } from '../contracts/booking';
import {
  partnerEndpointWorkflowId,
  partnerWebhookWorkflowId,
  WEBHOOKS_TASK_QUEUE,
  type PartnerEndpointInput,
} from '../contracts/partner-webhook';
import {
  deliveryWorkflowId,
  destinationWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  publicEventWorkflowId,
  type PublishPublicEventInput,
} from '../contracts/public-webhooks';
import { quoteWorkflowId } from '../contracts/quote';
import { webhookRecoveryWorkflowId } from '../contracts/webhook-recovery';
import { newId } from '../infra/ids';
import { RETENTION_WORKFLOW_ID, type RetentionInput } from '../contracts/retention';
import { decodedHistory, historyToFile } from '../stack/histories';
import { startReceiver } from '../stack/receiver';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';
import { simulatedPaymentStore } from '../db/simulated-payments';
import { insertFailedDelivery, makeUnitAvailableAt } from '../db/tool-fixtures';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
type EventName = keyof typeof temporal.api.enums.v1.EventType extends `EVENT_TYPE_${infer N}` ? N : never;

export interface RecordingContext {
  baseUrl: string;
  client: Client;
  orm: MikroORM;
  partner: { partnerId: string; token: string };
  /** The API's secrets: credentials made for a recording must verify there. */
  secrets: { encryptionKey: Buffer; hashPepper: Buffer };
  /** POSTs JSON to the API as the demo partner. */
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  /** Any call to the API; `token` defaults to the demo partner's. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; json: Record<string, unknown> }>;
  /** An integrator account with a test API key (scope webhooks.manage) for the public API. */
  integrator(): Promise<{ accountId: string; key: string }>;
  /** A local receiver whose status codes come from `statuses` in turn (the last one repeats). */
  receiver(statuses: number[]): Promise<{ url: string; waitFor(count: number): Promise<unknown> }>;
}

export interface Recording {
  /** File name under test/histories/ (without .json). */
  name: string;
  workflowType: string;
  /** Drives the workflow; returns its workflow id (and the run to keep, when not the latest). */
  run(ctx: RecordingContext): Promise<string | { workflowId: string; runId: string }>;
  /** The history is kept once this holds (a running workflow's history up to a resting point is fine). */
  settled(events: HistoryEvent[]): boolean;
}

const has = (events: HistoryEvent[], type: EventName) =>
  events.some((e) => e.eventType === temporal.api.enums.v1.EventType[`EVENT_TYPE_${type}`]);
const pickupIn = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const bookingRequest = (externalId: string, pickupInHours: number) => ({
  external_id: externalId,
  pickup: { address: 'CDG Terminal 2E', lat: 49.0097, lng: 2.5479, datetime: pickupIn(pickupInHours) },
  dropoff: { address: 'Place Vendome', lat: 48.8674, lng: 2.3294 },
  passenger: { name: 'Ada Lovelace', phone: '+33612345678', pax: 1 },
  vehicle_class: 'executive',
  currency: 'EUR',
});

async function createBooking(ctx: RecordingContext, externalId: string, pickupInHours: number): Promise<string> {
  const created = await ctx.post('/v1/bookings', bookingRequest(externalId, pickupInHours));
  if (created.status !== 201) throw new Error(`POST /v1/bookings answered ${created.status}: ${JSON.stringify(created.json)}`);
  return String(created.json.id);
}

const count = (events: HistoryEvent[], type: EventName) =>
  events.filter((e) => e.eventType === temporal.api.enums.v1.EventType[`EVENT_TYPE_${type}`]).length;
/** Resting after the last `type`: what came after it includes each of `since`, and no workflow task is pending. */
const restingAfter = (events: HistoryEvent[], type: EventName, since: EventName[]) => {
  const types = events.map((e) => e.eventType);
  const from = types.lastIndexOf(temporal.api.enums.v1.EventType[`EVENT_TYPE_${type}`]);
  return (
    from >= 0 &&
    since.every((t) => has(events.slice(from), t)) &&
    types.lastIndexOf(temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) >
      types.lastIndexOf(temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED)
  );
};
const ok = (what: string, r: { status: number; json: unknown }, status: number) => {
  if (r.status !== status) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json as Record<string, unknown>;
};

async function createDestination(ctx: RecordingContext, key: string, url: string, events: string[]): Promise<string> {
  const created = await ctx.request('POST', '/api/public/v1/webhook-destinations', { token: key, body: { url, events } });
  return String(ok('POST /api/public/v1/webhook-destinations', created, 201).id);
}

/** Starts publicEventWorkflow for a booking.status_changed event of the account's test environment. */
async function publishStatusChange(ctx: RecordingContext, accountId: string, dedupeKey: string): Promise<string> {
  const input: PublishPublicEventInput = {
    type: 'booking.status_changed',
    dedupeKey,
    accountId,
    environment: 'test',
    data: { ref: 'bkg_recorded', status: 'allocated' },
  };
  const workflowId = publicEventWorkflowId(dedupeKey);
  await ctx.client.workflow.start('publicEventWorkflow', { workflowId, taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE, args: [input] });
  return workflowId;
}

/** A destination of a new integrator for booking.status_changed, one event published to it, received. */
async function publishToNewDestination(ctx: RecordingContext, dedupeKey: string): Promise<string> {
  const { accountId, key } = await ctx.integrator();
  const receiver = await ctx.receiver([204]);
  await createDestination(ctx, key, receiver.url, ['booking.status_changed']);
  const workflowId = await publishStatusChange(ctx, accountId, dedupeKey);
  await receiver.waitFor(1);
  return workflowId;
}

/** A client's access token (client credentials). */
async function clientToken(ctx: RecordingContext, client: { clientId: string; clientSecret: string }): Promise<string> {
  const response = await fetch(`${ctx.baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** An available, compliant fleet unit near the recordings' pickup, with its driver-app credential. */
async function availableUnit(ctx: RecordingContext): Promise<{ unitId: string; credential: string }> {
  const inYears = (n: number) => new Date(Date.now() + n * 365 * 86_400_000).toISOString().slice(0, 10);
  const unit = await addUnit(ctx.orm, {
    market: 'PAR',
    vehicleClass: 'executive',
    vehicle: { make: 'Mercedes-Benz', model: 'E-Class', year: 2024, color: 'black', plate: `REC-${randomBytes(2).toString('hex')}` },
    chauffeur: { name: 'Camille Martin', phone: '+33611111111', photo_url: 'https://example.com/c.jpg', licence_no: 'FR-1', rating: 4.9 },
    documents: { driving_licence: inYears(2), insurance: inYears(2), vehicle_inspection: inYears(2), operator_permit: inYears(2) },
  });
  await makeUnitAvailableAt(ctx.orm, unit.id, { lat: 49.02, lng: 2.55 });
  const { credential } = await issueDriverCredential(ctx.orm, ctx.secrets, unit.id);
  return { unitId: unit.id, credential };
}

/**
 * A live booking of a new partner, picked up in 20 minutes (inside the dispatch lead: allocated at once), with the
 * driver-app calls a recording plays on it: which unit holds it, and a unit's report.
 */
async function liveRide(ctx: RecordingContext, partnerName: string, ref: string) {
  const partner = await createPartner(ctx.orm, ctx.secrets, { name: partnerName });
  const token = await clientToken(
    ctx,
    partner.clients.find((c) => c.environment === 'live')!,
  );
  const request = bookingRequest(ref, 0);
  const body = { ...request, pickup: { ...request.pickup, datetime: pickupIn(1 / 3) } };
  const bookingId = String(ok('POST /v1/bookings (live)', await ctx.request('POST', '/v1/bookings', { token, body }), 201).id);
  type Unit = Awaited<ReturnType<typeof availableUnit>>;
  return {
    bookingId,
    async heldBy(candidates: Unit[]): Promise<Unit> {
      for (let i = 0; i < 150; i++) {
        for (const unit of candidates) {
          const held = ok('GET /driver/v1/unit', await ctx.request('GET', '/driver/v1/unit', { token: unit.credential }), 200);
          if (held.booking_id === bookingId) return unit;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the live booking was never allocated');
    },
    async report(unit: Unit, step: string, reportBody: unknown) {
      const path = `/driver/v1/rides/${bookingId}/${step}`;
      ok(`POST /driver/v1/rides/{id}/${step}`, await ctx.request('POST', path, { token: unit.credential, body: reportBody }), 200);
    },
  };
}

/** One entry per workflow type (more for paths that write different histories). */
export const RECORDINGS: Recording[] = [
  {
    // A sandbox booking: saved, booking.created child, published status, then the simulated ride (short clock
    // SANDBOX_RIDE_SECONDS below) to completed, with the free-cancellation timer still pending.
    name: 'booking-completed',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => bookingWorkflowId(await createBooking(ctx, 'REC-BOOKING-1', 48)),
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // The same sandbox ride on the code that hands its events to the partner's endpoint workflow (patch
    // partner-events-per-endpoint): booking-completed stays as the history of bookings started before it.
    name: 'booking-completed-endpoint-events',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => bookingWorkflowId(await createBooking(ctx, 'REC-BOOKING-4', 48)),
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // Pickup within the free-cancellation lead time: no timer, the same simulated ride to completed.
    name: 'booking-short-notice',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => bookingWorkflowId(await createBooking(ctx, 'REC-BOOKING-2', 1)),
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // A live booking inside the dispatch lead: allocated to the one available unit at once, its driver accepts (the
    // reportRideProgress Update, and the accepted_at write behind the patch `booking-records-accepted-at`). Resting,
    // waiting for the driver's next report.
    name: 'booking-live-accepted',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => {
      const unit = await availableUnit(ctx);
      const ride = await liveRide(ctx, 'Recorder live', 'REC-LIVE-1');
      await ride.report(await ride.heldBy([unit]), 'allocation', { answer: 'accept' });
      return bookingWorkflowId(ride.bookingId);
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_UPDATE_COMPLETED'),
  },
  {
    // A live ride through dispatch's other paths: the first unit offered declines, the ride goes to the next, whose
    // driver accepts, sets off and arrives; resting on the no-show wait timer.
    name: 'booking-live-declined-arrived',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => {
      const units = [await availableUnit(ctx), await availableUnit(ctx)];
      const ride = await liveRide(ctx, 'Recorder declined', 'REC-LIVE-2');
      const first = await ride.heldBy(units);
      await ride.report(first, 'allocation', { answer: 'decline' });
      const second = await ride.heldBy(units.filter((u) => u !== first));
      await ride.report(second, 'allocation', { answer: 'accept' });
      await ride.report(second, 'on-the-way', { eta_minutes: 5 });
      await ride.report(second, 'arrived', {});
      return bookingWorkflowId(ride.bookingId);
    },
    // Settled once the arrival's Update completed with the no-show wait timer it started.
    settled: (events) => {
      const arrival = events
        .map((e) => e.eventType)
        .lastIndexOf(temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED);
      return count(events, 'WORKFLOW_EXECUTION_UPDATE_COMPLETED') >= 4 && has(events.slice(arrival), 'TIMER_STARTED');
    },
  },
  {
    // An integrator's live booking two days ahead, moved three hours later by its customer through the public API
    // (the rescheduleBooking Update; booking.status_changed and booking.rescheduled published). Resting until its
    // dispatch moment.
    name: 'booking-rescheduled',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => {
      const { accountId } = await createIntegratorAccount(ctx.orm, `Recorder ${randomBytes(3).toString('hex')}`);
      const { key: token } = await createApiKey(ctx.orm, ctx.secrets, {
        accountId,
        environment: 'live',
        label: 'recorder',
        scopes: ['bookings.write'],
      });
      const request = bookingRequest('REC-RESCHEDULE-1', 48);
      const quoteBody = {
        pickup_lat: request.pickup.lat,
        pickup_lng: request.pickup.lng,
        dropoff_lat: request.dropoff.lat,
        dropoff_lng: request.dropoff.lng,
        datetime: request.pickup.datetime,
        vehicle_class: request.vehicle_class,
        pax: 1,
      };
      const quote = ok('POST /api/public/v1/quotes', await ctx.request('POST', '/api/public/v1/quotes', { token, body: quoteBody }), 201);
      const body = { quote_id: quote.quote_id, passenger: { name: 'Ada Lovelace', phone: '+33612345678' } };
      const booked = ok('POST /api/public/v1/bookings', await ctx.request('POST', '/api/public/v1/bookings', { token, body }), 201);
      const path = `/api/public/v1/bookings/${String(booked.ref)}/reschedule`;
      ok(`POST ${path}`, await ctx.request('POST', path, { token, body: { pickup_at: pickupIn(51) } }), 200);
      return bookingWorkflowId(String(booked.ref));
    },
    settled: (events) =>
      restingAfter(events, 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED', ['WORKFLOW_EXECUTION_UPDATE_COMPLETED', 'TIMER_STARTED']),
  },
  {
    // A partner's live airport pickup two hours ahead meeting flight XX0030 (30 minutes late on the simulated
    // provider): the flight watch looks at once and moves the pickup (cause flight_watch). Resting on its next look.
    name: 'booking-flight-watched',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => {
      const partner = await createPartner(ctx.orm, ctx.secrets, { name: 'Recorder flight' });
      const token = await clientToken(
        ctx,
        partner.clients.find((c) => c.environment === 'live')!,
      );
      const request = bookingRequest('REC-FLIGHT-1', 2);
      const body = { ...request, pickup: { ...request.pickup, flight_number: 'XX0030' } };
      const created = ok('POST /v1/bookings (live, flight)', await ctx.request('POST', '/v1/bookings', { token, body }), 201);
      return bookingWorkflowId(String(created.id));
    },
    settled: (events) => restingAfter(events, 'ACTIVITY_TASK_COMPLETED', ['MARKER_RECORDED', 'TIMER_STARTED']),
  },
  {
    // Cancelled by the partner while its simulated ride is under way.
    name: 'booking-cancelled',
    workflowType: 'bookingWorkflow',
    run: async (ctx) => {
      const bookingId = await createBooking(ctx, 'REC-BOOKING-3', 48);
      ok(`DELETE /v1/bookings/${bookingId}`, await ctx.request('DELETE', `/v1/bookings/${bookingId}?reason_code=passenger_request`), 200);
      return bookingWorkflowId(bookingId);
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // The legacy per-event delivery (bookings from before the endpoint workflow start it): one signed POST
    // acknowledged by the receiver, then the delivery summary, completed. Started here as those bookings did.
    name: 'partner-webhook-delivered',
    workflowType: 'partnerWebhookWorkflow',
    run: async (ctx) => {
      const bookingId = await createBooking(ctx, 'REC-WEBHOOK-1', 48);
      for (;;) {
        const event = await ctx.orm.em.fork().findOne(HubEventSchema, { bookingId });
        if (event) {
          const workflowId = partnerWebhookWorkflowId(event.id);
          await ctx.client.workflow.start('partnerWebhookWorkflow', {
            workflowId,
            taskQueue: WEBHOOKS_TASK_QUEUE,
            args: [{ eventId: event.id }],
          });
          return workflowId;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // A partner's endpoint workflow taking test events by signal while it runs, delivering each, and continuing as
    // new (a short run: historyEventsPerRun 12) with what it still holds. The first run's history is kept.
    name: 'partner-endpoint-continued',
    workflowType: 'partnerEndpointWorkflow',
    run: async (ctx) => {
      const receiver = await ctx.receiver([200]);
      const partner = await createPartner(ctx.orm, ctx.secrets, { name: 'Recorder endpoint', webhookUrl: receiver.url });
      const token = await clientToken(
        ctx,
        partner.clients.find((c) => c.environment === 'sandbox')!,
      );
      const input: PartnerEndpointInput = { partnerId: partner.partnerId, environment: 'sandbox', historyEventsPerRun: 12 };
      const workflowId = partnerEndpointWorkflowId(partner.partnerId, 'sandbox');
      const handle = await ctx.client.workflow.start('partnerEndpointWorkflow', {
        workflowId,
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [input],
      });
      for (let i = 0; i < 4; i++)
        ok('POST /v1/webhook-endpoint/test', await ctx.request('POST', '/v1/webhook-endpoint/test', { token, body: {} }), 202);
      await receiver.waitFor(4);
      return { workflowId, runId: handle.firstExecutionRunId };
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_CONTINUED_AS_NEW'),
  },
  {
    // GET /v1/quotes starts the quote; POST /v1/bookings with quote_id claims it (the claimQuote Update); it completes.
    name: 'quote-booked',
    workflowType: 'quoteWorkflow',
    run: async (ctx) => {
      const request = bookingRequest('REC-QUOTE-1', 48);
      const query = new URLSearchParams({
        pickup_lat: String(request.pickup.lat),
        pickup_lng: String(request.pickup.lng),
        dropoff_lat: String(request.dropoff.lat),
        dropoff_lng: String(request.dropoff.lng),
        datetime: request.pickup.datetime,
        vehicle_class: request.vehicle_class,
      });
      const quote = ok('GET /v1/quotes', await ctx.request('GET', `/v1/quotes?${query}`), 200);
      const quoteId = String(quote.quote_id);
      ok('POST /v1/bookings with quote_id', await ctx.post('/v1/bookings', { ...request, quote_id: quoteId }), 201);
      return quoteWorkflowId(quoteId);
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_UPDATE_COMPLETED') && has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // A settlement cycle over a closed month: the period closed, one account's invoice issued from its ledger entry,
    // its invoice.created published (the account has no destination), done.
    name: 'settlement-cycle-invoiced',
    workflowType: 'settlementCycleWorkflow',
    run: async (ctx) => {
      const { accountId } = await ctx.integrator();
      const bookingId = `bkg_recorded_${randomBytes(4).toString('hex')}`;
      await appendBilledRide(ctx.orm, { bookingId, accountId, grossMinor: 8_250, at: new Date('2026-10-12T09:30:00Z'), live: false });
      const period: PeriodRef = { id: '2026-10', start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' };
      const workflowId = settlementCycleWorkflowId(period.id);
      await ctx.client.workflow.execute('settlementCycleWorkflow', { workflowId, taskQueue: BOOKINGS_TASK_QUEUE, args: [{ period }] });
      return workflowId;
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // A page payment with the issuer's challenge: charged (requires action), the challenge completed on the simulated
    // issuer's page, the provider's change signalled, the payment read again and recorded, its events published.
    name: 'payment-challenge-completed',
    workflowType: 'paymentWorkflow',
    run: async (ctx) => {
      const invoice = await recordedInvoice(ctx, 'test-payment');
      const card = await tokenizeCard(simulatedPaymentStore(ctx.orm), {
        number: '4000002760003184',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
      });
      const payment = await payInvoice(
        { orm: ctx.orm, temporal: ctx.client, challengeTimeoutMs: 600_000 },
        { documentId: invoice, paymentMethod: card.id, saveCard: true },
      );
      const providerId = await until(async () => (await findPayment(ctx.orm.em.fork(), payment.id))?.provider_payment_id ?? null);
      const answered = await fetch(`${ctx.baseUrl}/psp-sim/challenge/${providerId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'answer=complete',
      });
      if (answered.status !== 200) throw new Error(`challenge answer: ${answered.status}`);
      return paymentWorkflowId(payment.id);
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_SIGNALED') && has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // A cycle that collects: the account saved a card on the page (the recording above), so its new invoice is
    // charged off session by a child payment workflow the cycle starts and abandons.
    name: 'settlement-cycle-collected',
    workflowType: 'settlementCycleWorkflow',
    run: async (ctx) => {
      const { accountId } = await ctx.integrator();
      const card = await tokenizeCard(simulatedPaymentStore(ctx.orm), {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
      });
      await saveMandate(ctx.orm.em.fork(), { accountId, livemode: false, paymentMethod: card.id, card: card.card });
      await appendBilledRide(ctx.orm, {
        bookingId: `bkg_recorded_${randomBytes(4).toString('hex')}`,
        accountId,
        grossMinor: 6_600,
        at: new Date('2026-09-12T09:30:00Z'),
        live: false,
      });
      const period: PeriodRef = { id: '2026-09', start: '2026-09-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' };
      const workflowId = settlementCycleWorkflowId(period.id);
      await ctx.client.workflow.execute('settlementCycleWorkflow', { workflowId, taskQueue: BOOKINGS_TASK_QUEUE, args: [{ period }] });
      return workflowId;
    },
    settled: (events) => has(events, 'START_CHILD_WORKFLOW_EXECUTION_INITIATED') && has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // One sweep of the passenger-data retention (what the daily schedule starts): a batch erases what is due, then done.
    name: 'retention-swept',
    workflowType: 'passengerDataRetentionWorkflow',
    run: async (ctx) => {
      await ctx.client.workflow.execute('passengerDataRetentionWorkflow', {
        workflowId: RETENTION_WORKFLOW_ID,
        taskQueue: BOOKINGS_TASK_QUEUE,
        args: [{ retentionDays: 90 } satisfies RetentionInput],
      });
      return RETENTION_WORKFLOW_ID;
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // POST .../webhook-destinations/{id}/recover: one failed delivery since the time, redelivered in one batch, completed.
    name: 'webhook-recovery-completed',
    workflowType: 'webhookRecoveryWorkflow',
    run: async (ctx) => {
      const { accountId, key } = await ctx.integrator();
      const receiver = await ctx.receiver([200]);
      const destinationId = await createDestination(ctx, key, receiver.url, ['booking.cancelled']);
      const at = new Date(Date.now() - 3600_000);
      const eventId = newId('evt', at.getTime());
      await insertFailedDelivery(ctx.orm, { eventId, deliveryId: newId('dlv'), accountId, destinationId, type: 'booking.cancelled', at });
      const path = `/api/public/v1/webhook-destinations/${destinationId}/recover`;
      const body = { since: new Date(Date.now() - 2 * 3600_000).toISOString() };
      const recovery = ok(`POST ${path}`, await ctx.request('POST', path, { token: key, body }), 202);
      await receiver.waitFor(1);
      return webhookRecoveryWorkflowId(String(recovery.id));
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // POST .../webhook-destinations/{id}/test: one signed attempt (a local activity) acknowledged, then completed.
    name: 'delivery-delivered',
    workflowType: 'deliveryWorkflow',
    run: async (ctx) => {
      const { key } = await ctx.integrator();
      const receiver = await ctx.receiver([200]);
      const destinationId = await createDestination(ctx, key, receiver.url, ['invoice.created']);
      const path = `/api/public/v1/webhook-destinations/${destinationId}/test`;
      const sent = ok(`POST ${path}`, await ctx.request('POST', path, { token: key, body: {} }), 202);
      return deliveryWorkflowId(String(sent.event_id), destinationId);
    },
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // An event published with the client: recorded, one delivery started for the subscribed destination, completed.
    name: 'public-event-published',
    workflowType: 'publicEventWorkflow',
    run: (ctx) => publishToNewDestination(ctx, 'booking:bkg_recorded:2'),
    settled: (events) => has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // The same since publishing became one activity (patch `publish-in-one-activity`): the activity records the event
    // and starts the delivery itself. The history above stays as it was recorded, before the patch.
    name: 'public-event-published-in-one-activity',
    workflowType: 'publicEventWorkflow',
    run: (ctx) => publishToNewDestination(ctx, 'booking:bkg_recorded:3'),
    settled: (events) => has(events, 'MARKER_RECORDED') && has(events, 'WORKFLOW_EXECUTION_COMPLETED'),
  },
  {
    // The destination entity: a failed attempt of a published event (the receiver answers 500; test events do not
    // count) marks it failing, then the pause and resume endpoints signal it, and the resume drains its parked
    // deliveries. Resting, waiting for the next message.
    name: 'destination-failed-paused-resumed',
    workflowType: 'destinationWorkflow',
    run: async (ctx) => {
      const { accountId, key } = await ctx.integrator();
      const receiver = await ctx.receiver([500, 200]);
      const destinationId = await createDestination(ctx, key, receiver.url, ['booking.status_changed']);
      await publishStatusChange(ctx, accountId, 'booking:bkg_recorded_failing:2');
      await receiver.waitFor(1);
      const handle = ctx.client.workflow.getHandle(destinationWorkflowId(destinationId));
      for (let i = 0; ; i++) {
        const events = (await handle.fetchHistory().catch(() => ({ events: [] }))).events ?? [];
        if (has(events, 'ACTIVITY_TASK_COMPLETED')) break;
        if (i > 150) throw new Error('the failure never reached the destination workflow');
        await new Promise((r) => setTimeout(r, 200));
      }
      const base = `/api/public/v1/webhook-destinations/${destinationId}`;
      ok(`POST ${base}/pause`, await ctx.request('POST', `${base}/pause`, { token: key, body: {} }), 200);
      ok(`POST ${base}/resume`, await ctx.request('POST', `${base}/resume`, { token: key, body: {} }), 200);
      return destinationWorkflowId(destinationId);
    },
    settled: (events) =>
      count(events, 'WORKFLOW_EXECUTION_SIGNALED') >= 3 &&
      count(events, 'ACTIVITY_TASK_COMPLETED') >= 2 &&
      events[events.length - 1]?.eventType === temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
  },
];

/** Polls `read` until it answers something (at most 15 s). */
async function until<T>(read: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 75; i++) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('gave up waiting');
}

/** An issued sandbox invoice of one ride for a new integrator account, in a period of its own; its document id. */
async function recordedInvoice(ctx: RecordingContext, periodId: string): Promise<string> {
  const { accountId } = await ctx.integrator();
  const period: PeriodRef = { id: periodId, start: '2026-08-01T00:00:00.000Z', end: '2026-09-01T00:00:00.000Z' };
  await appendBilledRide(ctx.orm, {
    bookingId: `bkg_recorded_${randomBytes(4).toString('hex')}`,
    accountId,
    grossMinor: 9_900,
    at: new Date('2026-08-12T09:30:00Z'),
    live: false,
  });
  await closePeriod(ctx.orm, period);
  const issued = await issueInvoice(ctx.orm, period, { partyKind: 'account', partyId: accountId, currency: 'EUR', livemode: false });
  if (!issued || !('id' in issued)) throw new Error('no invoice issued');
  return issued.id;
}

async function settledHistory(handle: WorkflowHandle, recording: Recording, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const history = await handle.fetchHistory();
    if (recording.settled(history.events ?? [])) return history;
    if (Date.now() > deadline) {
      const seen = (history.events ?? []).map((e) => temporal.api.enums.v1.EventType[e.eventType ?? 0]).join(', ');
      throw new Error(`${recording.name}: the history did not settle within ${timeoutMs} ms; it holds ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  const only = process.argv.slice(2);
  const recordings = only.length ? RECORDINGS.filter((r) => only.includes(r.name)) : RECORDINGS;
  if (only.length && recordings.length !== only.length)
    throw new Error(`unknown recording; known: ${RECORDINGS.map((r) => r.name).join(', ')}`);
  const outDir = join(__dirname, '..', 'test', 'histories');
  mkdirSync(outDir, { recursive: true });

  Runtime.install({ logger: new DefaultLogger('WARN') });
  const local = await startLocalStack('record');
  const { env, orm } = local;
  const receiver = await startReceiver();
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  let api: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    const secrets = STACK_SECRETS;
    // A short sandbox clock: a recorded booking plays its simulated ride to completed within seconds.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_BASE_URL: 'http://hub.test',
      SANDBOX_RIDE_SECONDS: '3',
      GPS_UPDATE_INTERVAL_SECONDS: '1',
      HUB_DEV_WEBHOOK_TARGETS: 'true', // the receivers run on this machine
    });
    api = await listen(apiDeps(config, { orm, temporal: env.client, logger: createLogger('silent'), ...secrets }), '127.0.0.1', 0);
    const baseUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    await local.startWorkers({ encryptionKey: secrets.encryptionKey, ride: config.ride, publicBaseUrl: config.publicBaseUrl });
    const created = await createPartner(orm, secrets, { name: 'Recorder', webhookUrl: receiver.url });
    const client = created.clients[0];
    const tokenResponse = await fetch(`${baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const ctx: RecordingContext = {
      baseUrl,
      client: env.client,
      orm,
      partner: { partnerId: created.partnerId, token },
      secrets,
      async post(path, body) {
        return this.request('POST', path, { body });
      },
      async request(method, path, options = {}) {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.token ?? token}`,
            'content-type': 'application/json',
            ...(method === 'POST' ? { 'idempotency-key': randomBytes(8).toString('hex') } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const text = await response.text();
        return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
      },
      async integrator() {
        const { accountId } = await createIntegratorAccount(orm, `Recorder ${randomBytes(3).toString('hex')}`);
        const { key } = await createApiKey(orm, secrets, {
          accountId,
          environment: 'sandbox',
          label: 'recorder',
          scopes: ['webhooks.manage'],
        });
        return { accountId, key };
      },
      async receiver(statuses) {
        let answered = 0;
        const started = await startReceiver(() => statuses[Math.min(answered++, statuses.length - 1)]);
        receivers.push(started);
        return started;
      },
    };
    // Histories are kept decoded: the replay test has none of this run's keys.
    const codec = new PayloadEncryptionCodec(keyRingOf(STACK_SECRETS.encryptionKey));
    for (const recording of recordings) {
      const ran = await recording.run(ctx);
      const handle =
        typeof ran === 'string' ? env.client.workflow.getHandle(ran) : env.client.workflow.getHandle(ran.workflowId, ran.runId);
      const history = await settledHistory(handle, recording);
      const type = history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
      if (type !== recording.workflowType) throw new Error(`${recording.name}: recorded ${type}, expected ${recording.workflowType}`);
      const file = join(outDir, `${recording.name}.json`);
      writeFileSync(file, historyToFile(await decodedHistory(history, codec)));
      console.log(`${recording.name.padEnd(34)} ${recording.workflowType.padEnd(24)} ${history.events?.length} events → ${file}`);
    }
  } finally {
    await api?.close();
    await receiver.close();
    await Promise.all(receivers.map((r) => r.close()));
    await local.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
