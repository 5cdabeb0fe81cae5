import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import type { PageProps } from '../shell';
import { dateTime, fromZonedInput, money, toZonedInput, zonedDateTime } from '../format';
import { Link } from '../router';
import { BookingStatusBadge } from '../components/booking-status';
import { BookingTimeline } from '../components/booking-timeline';
import { DeliverySummary } from '../components/delivery-summary';
import { Confirm } from '../components/confirm';
import { LiveView } from '../components/live-view';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { Problem } from '../components/problem';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useLoad } from '../components/use-load';
import { useTitle } from '../components/use-title';
import { holds, lacksScope, Unavailable } from '../components/scope-gate';
import { PickupTimeInput } from '../components/pickup-time-input';

type Status = Schema<'PublicBookingStatus'>;

const CANCEL_REASONS = [
  ['passenger_request', 'The passenger asked'],
  ['flight_cancelled', 'Flight cancelled'],
  ['flight_delayed', 'Flight delayed'],
  ['duplicate_booking', 'Duplicate booking'],
  ['booked_in_error', 'Booked in error'],
  ['driver_late', 'Chauffeur late'],
  ['other', 'Other'],
] as const;

const OPEN: Status[] = ['confirmed', 'allocated', 'en_route', 'arrived'];

export function BookingPage({ params, session }: PageProps) {
  const reference = params.ref;
  const loaded = useLoad(() => ok(api.GET('/api/public/v1/bookings/{ref}', { params: { path: { ref: reference } } })), reference);
  const booking = loaded.data;
  useTitle(booking ? `Booking ${booking.ref}` : 'Booking');
  const action = useAction();
  const keys = useIdempotencyKeys();
  const [notice, setNotice] = useState('');
  const [newPickup, setNewPickup] = useState('');
  const [reason, setReason] = useState<(typeof CANCEL_REASONS)[number][0]>('passenger_request');
  if (!booking)
    return (
      <>
        <p class="crumbs">
          <Link to="/bookings">Bookings</Link>
        </p>
        <h1>Booking</h1>
        <Problem error={loaded.error} />
        {loaded.loading && <Loading what="the booking" />}
      </>
    );
  const open = OPEN.includes(booking.status);
  const cannotWrite = holds(session, 'bookings.write') ? undefined : lacksScope('bookings.write');
  // The hub's own terms, reckoned when the booking was read (and read again when the confirmation opens).
  const terms = booking.cancellation_policy;
  const feeNow = terms.fee_now;
  const free = !feeNow || feeNow.gross === 0;
  return (
    <>
      <p class="crumbs">
        <Link to="/bookings">Bookings</Link>
      </p>
      <h1>
        Ride on {zonedDateTime(booking.pickup_at, booking.time_zone)} <BookingStatusBadge status={booking.status} />
      </h1>
      <Problem error={action.error} />
      <Notice>{notice}</Notice>
      <dl class="facts">
        <dt>Reference</dt>
        <dd>
          <code>{booking.ref}</code>
        </dd>
        <dt>Your reference</dt>
        <dd>{booking.customer_reference ?? '—'}</dd>
        {booking.passenger !== undefined && (
          <>
            <dt>Passenger</dt>
            <dd>
              {booking.passenger ? `${booking.passenger.name}${booking.passenger.phone ? `, ${booking.passenger.phone}` : ''}` : 'Erased'}
            </dd>
          </>
        )}
        <dt>From</dt>
        <dd>{booking.pickup}</dd>
        <dt>To</dt>
        <dd>{booking.dropoff}</dd>
        <dt>Market, class</dt>
        <dd>
          {booking.market}, {booking.vehicle_class}
        </dd>
        <dt>Total</dt>
        <dd>
          {money(booking.total.gross, booking.total.currency)}{' '}
          <span class="muted">
            ({money(booking.total.net, booking.total.currency)} + {money(booking.total.tax, booking.total.currency)} tax)
          </span>
        </dd>
        {booking.notes && (
          <>
            <dt>Notes</dt>
            <dd>{booking.notes}</dd>
          </>
        )}
        <dt>Booked</dt>
        <dd>{dateTime(booking.created_at)}</dd>
      </dl>

      <h2>Allocation</h2>
      {booking.allocation ? (
        <dl class="facts">
          <dt>Chauffeur</dt>
          <dd>
            {booking.allocation.chauffeur.name} ·{' '}
            <a href={`tel:${booking.allocation.chauffeur.phone}`}>{booking.allocation.chauffeur.phone}</a>
          </dd>
          <dt>Vehicle</dt>
          <dd>
            {booking.allocation.vehicle.color} {booking.allocation.vehicle.make} {booking.allocation.vehicle.model},{' '}
            <code>{booking.allocation.vehicle.plate}</code>
          </dd>
          <dt>Allocated</dt>
          <dd>{zonedDateTime(booking.allocation.allocated_at, booking.time_zone)}</dd>
          <dt>Accepted</dt>
          <dd>
            {booking.allocation.accepted_at
              ? zonedDateTime(booking.allocation.accepted_at, booking.time_zone)
              : 'Awaiting the chauffeur’s answer'}
          </dd>
          <dt>Expected at pickup</dt>
          <dd>{zonedDateTime(booking.allocation.eta_at, booking.time_zone)}</dd>
        </dl>
      ) : (
        <p class="muted">No chauffeur allocated yet.</p>
      )}

      {booking.flight_watch && (
        <>
          <h2>Flight watch</h2>
          <dl class="facts">
            <dt>Flight</dt>
            <dd>
              {booking.flight_watch.flight_number} · {booking.flight_watch.status}
            </dd>
            <dt>Scheduled arrival</dt>
            <dd>{zonedDateTime(booking.flight_watch.scheduled_arrival, booking.time_zone)}</dd>
            <dt>Estimated arrival</dt>
            <dd>{zonedDateTime(booking.flight_watch.estimated_arrival, booking.time_zone)}</dd>
            <dt>Last checked</dt>
            <dd>{dateTime(booking.flight_watch.checked_at)}</dd>
          </dl>
        </>
      )}

      {booking.cancellation && (
        <>
          <h2>Cancellation</h2>
          <p>
            Cancelled {zonedDateTime(booking.cancellation.cancelled_at, booking.time_zone)} by {booking.cancellation.cancelled_by} (
            {booking.cancellation.reason}
            {booking.cancellation.note ? `: ${booking.cancellation.note}` : ''}). Fee{' '}
            {money(booking.cancellation.fee.gross, booking.cancellation.fee.currency)}.
          </p>
        </>
      )}

      {open && (
        <section aria-labelledby="change-heading">
          <h2 id="change-heading">Change the ride</h2>
          <form
            class="filters"
            onSubmit={(event) => {
              event.preventDefault();
              void action.run(async () => {
                const body = { pickup_at: fromZonedInput(newPickup, booking.time_zone)! };
                await keys.send('reschedule', { ref: booking.ref, body }, (key) =>
                  ok(
                    api.POST('/api/public/v1/bookings/{ref}/reschedule', {
                      params: { path: { ref: booking.ref }, header: { 'Idempotency-Key': key } },
                      body,
                    }),
                  ),
                );
                setNotice('Rescheduled: the fare, the free-cancellation window and the allocation follow the new time.');
                loaded.reload();
              });
            }}
          >
            <PickupTimeInput
              label="New pickup time"
              timeZone={booking.time_zone}
              value={newPickup || toZonedInput(booking.pickup_at, booking.time_zone)}
              onInput={setNewPickup}
            />
            {cannotWrite ? (
              <Unavailable label="Reschedule" reason={cannotWrite} />
            ) : (
              <button type="submit" disabled={action.busy}>
                Reschedule
              </button>
            )}
          </form>
          <Confirm
            label="Cancel the ride"
            title="Cancel this ride?"
            confirmLabel={free ? 'Cancel for free' : `Cancel and pay ${money(feeNow!.gross, feeNow!.currency)}`}
            onOpen={loaded.reload}
            disabled={!terms.cancellable}
            disabledReason={cannotWrite ?? (terms.cancellable ? undefined : 'This ride can no longer be cancelled.')}
            danger
            onConfirm={() =>
              action.run(async () => {
                const cancelled = await keys.send('cancel', { ref: booking.ref, reason }, (key) =>
                  ok(
                    api.POST('/api/public/v1/bookings/{ref}/cancel', {
                      params: { path: { ref: booking.ref }, header: { 'Idempotency-Key': key } },
                      body: { reason },
                    }),
                  ),
                );
                const fee = cancelled.cancellation?.fee;
                setNotice(`Cancelled. Fee charged: ${fee ? money(fee.gross, fee.currency) : 'none'}.`);
                loaded.reload();
              })
            }
          >
            <p>
              {!terms.cancellable
                ? 'This ride can no longer be cancelled.'
                : free
                  ? `Free: cancelling before ${zonedDateTime(terms.free_until, booking.time_zone)} costs nothing; after that the fee is ${money(terms.fee_after.gross, terms.fee_after.currency)}.`
                  : `The free window ended ${zonedDateTime(terms.free_until, booking.time_zone)}: cancelling now costs ${money(feeNow!.gross, feeNow!.currency)}.`}
            </p>
            <label class="field">
              Reason
              <select value={reason} onChange={(e) => setReason(e.currentTarget.value as typeof reason)}>
                {CANCEL_REASONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </Confirm>
        </section>
      )}
      <BookingTimeline reference={booking.ref} version={`${booking.status} ${booking.pickup_at}`} />
      {holds(session, 'webhooks.manage') && (
        <DeliverySummary filter={{ booking: booking.ref }} version={`${booking.status} ${booking.pickup_at}`} />
      )}
      {open || booking.status === 'pob' ? (
        <LiveView reference={booking.ref} status={booking.status} trackable={holds(session, 'tracking.read')} onChange={loaded.reload} />
      ) : null}
    </>
  );
}
