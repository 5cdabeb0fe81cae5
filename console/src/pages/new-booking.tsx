import { useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { dateTime, fromZonedInput, money, toZonedInput, zonedDateTime } from '../format';
import { Link, navigate } from '../router';
import { Problem } from '../components/problem';
import { useAction, useIdempotencyKeys } from '../components/use-action';
import { useTitle } from '../components/use-title';
import { addressOf, PlacePicker, type PlaceChoice } from '../components/place-picker';
import { holds } from '../components/scope-gate';
import { PickupTimeInput } from '../components/pickup-time-input';
import type { PageProps } from '../shell';

const CLASSES: Schema<'VehicleClass'>[] = ['standard', 'executive', 'luxury', 'van', 'minibus'];

/** The browser's own zone: the clock of the default pickup time until a pickup place names its own. */
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Quote, then book: each address resolved to a place the person picks, then the quote holds the price until it expires.
 * The pickup time is typed at the pickup's clock (the chosen place's `time_zone`, the hub's answer), whoever types it.
 */
export function NewBookingPage({ session }: PageProps) {
  useTitle('Book a ride');
  const action = useAction();
  const [quote, setQuote] = useState<Schema<'PublicQuote'> | null>(null);
  const keys = useIdempotencyKeys();
  const [pickup, setPickup] = useState<PlaceChoice>({ typed: '', place: null });
  const [dropoff, setDropoff] = useState<PlaceChoice>({ typed: '', place: null });
  const [inThreeHours] = useState(() => new Date(Date.now() + 3 * 3600 * 1000).toISOString());
  const [request, setRequest] = useState({
    // As typed, at the pickup's clock; empty until typed (the input then offers three hours from now at that clock).
    datetime: '',
    vehicle_class: 'standard' as Schema<'VehicleClass'>,
    pax: '1',
  });
  const field = (name: keyof typeof request, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={request[name]} onInput={(e) => setRequest({ ...request, [name]: e.currentTarget.value })} {...props} />
    </label>
  );
  // A new place or time is a new trip: the quote shown no longer describes it.
  const choose = (set: (choice: PlaceChoice) => void) => (choice: PlaceChoice) => {
    set(choice);
    setQuote(null);
  };
  const crumbs = (
    <p class="crumbs">
      <Link to="/bookings">Bookings</Link>
    </p>
  );
  if (!holds(session, 'bookings.write'))
    return (
      <>
        {crumbs}
        <h1>Book a ride</h1>
        <p class="reason" role="note">
          Booking needs the <code>bookings.write</code> scope, which this login does not hold. Ask for a sign-in link with it.
        </p>
      </>
    );
  const from = pickup.place;
  const to = dropoff.place;
  const datetime = request.datetime || toZonedInput(inThreeHours, from?.time_zone ?? BROWSER_TIME_ZONE);
  return (
    <>
      {crumbs}
      <h1>Book a ride</h1>
      <Problem error={action.error} />
      <form
        class="stack"
        aria-label="Quote"
        onSubmit={(event) => {
          event.preventDefault();
          if (!from || !to) return;
          void action.run(async () => {
            // Only coordinates the person chose: those of the places picked above.
            const body = {
              pickup_address: addressOf(pickup),
              pickup_lat: from.lat,
              pickup_lng: from.lng,
              dropoff_address: addressOf(dropoff),
              dropoff_lat: to.lat,
              dropoff_lng: to.lng,
              datetime: fromZonedInput(datetime, from.time_zone)!,
              vehicle_class: request.vehicle_class,
              pax: Number(request.pax),
            };
            setQuote(
              await keys.send('quote', body, (key) =>
                ok(api.POST('/api/public/v1/quotes', { params: { header: { 'Idempotency-Key': key } }, body })),
              ),
            );
          });
        }}
      >
        <PlacePicker legend="Pickup" value={pickup} onChange={choose(setPickup)} />
        <PlacePicker legend="Drop-off" value={dropoff} onChange={choose(setDropoff)} />
        <div class="actions">
          <PickupTimeInput
            label="Pickup time"
            timeZone={from?.time_zone ?? null}
            value={datetime}
            onInput={(value) => {
              setRequest({ ...request, datetime: value });
              setQuote(null);
            }}
          />
          <label>
            Class
            <select
              name="vehicle_class"
              value={request.vehicle_class}
              onChange={(e) => setRequest({ ...request, vehicle_class: e.currentTarget.value as Schema<'VehicleClass'> })}
            >
              {CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {field('pax', 'Passengers', { type: 'number', min: 1, max: 16, required: true })}
        </div>
        <div class="actions">
          <button type="submit" disabled={action.busy || !from || !to} aria-describedby={from && to ? undefined : 'quote-reason'}>
            Get a quote
          </button>
          {(!from || !to) && (
            <small id="quote-reason" class="reason">
              Choose the {!from ? 'pickup' : 'drop-off'} among the places found first.
            </small>
          )}
        </div>
      </form>
      {quote && (
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading">Quote</h2>
          <dl class="facts">
            <dt>Pickup</dt>
            <dd>{zonedDateTime(quote.pickup_at, quote.time_zone)}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{money(quote.total.gross, quote.total.currency)}</strong>{' '}
              <span class="muted">
                ({quote.distance_km} km, about {quote.duration_min} min)
              </span>
            </dd>
            <dt>Free cancellation</dt>
            <dd>
              until {zonedDateTime(quote.cancellation_policy.free_until, quote.time_zone)}, then{' '}
              {money(quote.cancellation_policy.fee_after.gross, quote.cancellation_policy.fee_after.currency)}
            </dd>
            <dt>Valid until</dt>
            <dd>{dateTime(quote.expires_at)}</dd>
          </dl>
          <form
            class="stack"
            aria-label="Book"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const text = (name: string) => ((form.get(name) as string) || '').trim() || undefined;
              const body = {
                quote_id: quote.quote_id,
                passenger: { name: text('name')!, phone: text('phone')!, email: text('email') },
                customer_reference: text('customer_reference'),
                notes: text('notes'),
                flight_number: text('flight_number'),
              };
              void action.run(async () => {
                const booked = await keys.send('book', body, (key) =>
                  ok(api.POST('/api/public/v1/bookings', { params: { header: { 'Idempotency-Key': key } }, body })),
                );
                navigate(`/bookings/${booked.ref}`);
              });
            }}
          >
            <label>
              Passenger name
              <input name="name" required maxLength={200} autocomplete="name" />
            </label>
            <label>
              Passenger phone <span class="muted">(international, +33…)</span>
              <input name="phone" required type="tel" pattern="\+[1-9][0-9]{6,14}" autocomplete="tel" />
            </label>
            <label>
              Passenger email <span class="muted">(optional)</span>
              <input name="email" type="email" autocomplete="email" />
            </label>
            <label>
              Your reference <span class="muted">(cost centre, PO; optional)</span>
              <input name="customer_reference" maxLength={100} />
            </label>
            <label>
              Flight number <span class="muted">(airport pickups; optional)</span>
              <input name="flight_number" placeholder="AF1234" />
            </label>
            <label>
              Notes for the chauffeur <span class="muted">(optional)</span>
              <textarea name="notes" maxLength={500} rows={2} />
            </label>
            <div class="actions">
              <button type="submit" class="primary" disabled={action.busy}>
                Book for {money(quote.total.gross, quote.total.currency)}
              </button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
