import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { BookingStatus } from '../domain/booking-lifecycle';
import type { Fare } from '../domain/pricing';

export const BOOKINGS_TASK_QUEUE = 'bookings';

export function bookingWorkflowId(bookingId: string): string {
  return `booking:${bookingId}`;
}

/** Everything the booking workflow needs, priced and policed by the API before the start. */
export interface BookingRecord {
  id: string;
  partnerId: string;
  environment: 'sandbox' | 'live';
  externalId: string | null;
  vehicleClass: string;
  pickup: { address?: string; lat: number; lng: number; flight_number?: string };
  dropoff: { address?: string; lat: number; lng: number };
  passenger: Record<string, unknown>;
  pickupAt: string;
  market: string;
  currency: string;
  /** Breakdown in integer minor units of `currency`. */
  fare: Fare;
  commissionPct: number;
  freeUntil: string;
  lateCancellationFeeMinor: number;
  trackingToken: string;
  createdAt: string;
  /** The quote whose price the booking keeps, when made from one (GET /v1/quotes). */
  quoteId?: string;
}

export interface BookingState {
  bookingId: string;
  /** The booking as the workflow started it (a retried create answers from this, not from its own input). */
  booking: BookingRecord;
  status: BookingStatus;
  freeCancellation: boolean;
  freeUntil: string;
  events: string[];
}

/** Sent with the start (update-with-start): answers once the booking is in the read model. */
export const confirmBooking = defineUpdate<BookingState>('confirmBooking');
export const getBookingState = defineQuery<BookingState>('getBookingState');
