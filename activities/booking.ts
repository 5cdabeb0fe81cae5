import type { MikroORM } from '@mikro-orm/postgresql';
import { BookingSchema, HubEventSchema, PartnerSchema } from '../db/entities';
import { partnerEventBody } from '../domain/partner-wire';
import { newId } from '../infra/ids';
import type { BookingRecord } from '../workflows/booking.contract';

export interface BookingActivityDeps {
  orm: MikroORM;
}

export interface RecordedEvent {
  eventId: string;
  /** Where the partner receives webhooks; null when it has none configured. */
  webhookUrl: string | null;
}

export function createBookingActivities({ orm }: BookingActivityDeps) {
  return {
    /** Writes the booking to the read model; a retry finds it already there. */
    async saveBooking(record: BookingRecord): Promise<void> {
      const em = orm.em.fork();
      if (await em.findOne(BookingSchema, { id: record.id })) return;
      em.create(BookingSchema, {
        id: record.id,
        partnerId: record.partnerId,
        environment: record.environment,
        externalId: record.externalId,
        status: 'confirmed',
        vehicleClass: record.vehicleClass,
        market: record.market,
        pickup: record.pickup,
        dropoff: record.dropoff,
        passenger: record.passenger,
        pickupAt: new Date(record.pickupAt),
        currency: record.currency,
        fare: record.fare as unknown as Record<string, unknown>,
        fareTotalMinor: record.fare.total,
        commissionPct: record.commissionPct,
        freeUntil: new Date(record.freeUntil),
        lateCancellationFeeMinor: record.lateCancellationFeeMinor,
        trackingToken: record.trackingToken,
        createdAt: new Date(record.createdAt),
        updatedAt: new Date(record.createdAt),
      });
      await em.flush();
    },

    /** Writes event number `sequence` of a booking once, with its final webhook body; a retry returns the same event. */
    async recordPartnerEvent(input: { bookingId: string; sequence: number; type: string }): Promise<RecordedEvent> {
      const em = orm.em.fork();
      const booking = await em.findOneOrFail(BookingSchema, { id: input.bookingId });
      const partner = await em.findOneOrFail(PartnerSchema, { id: booking.partnerId });
      const webhookUrl = partner.webhookUrl ?? null;
      const existing = await em.findOne(HubEventSchema, { bookingId: input.bookingId, sequence: input.sequence });
      if (existing) return { eventId: existing.id, webhookUrl };
      const occurredAt = new Date();
      const eventId = newId('evt');
      const body = partnerEventBody({
        eventId,
        type: input.type,
        sequence: input.sequence,
        occurredAt,
        booking: { ...booking, fare: booking.fare as never },
      });
      const inserted = await em
        .createQueryBuilder(HubEventSchema)
        .insert({
          id: eventId,
          bookingId: booking.id,
          sequence: input.sequence,
          type: input.type,
          partnerId: booking.partnerId,
          environment: booking.environment,
          body,
          createdAt: occurredAt,
        })
        .onConflict(['bookingId', 'sequence'])
        .ignore()
        .returning('id')
        .execute('all');
      if (inserted.length) return { eventId, webhookUrl };
      // A concurrent run of this activity wrote the event first: use its id.
      const stored = await em.fork().findOneOrFail(HubEventSchema, { bookingId: input.bookingId, sequence: input.sequence });
      return { eventId: stored.id, webhookUrl };
    },
  };
}

export type BookingActivities = ReturnType<typeof createBookingActivities>;
