import { useState } from 'preact/hooks';
import { api, idempotencyKey, ok, type Schema } from '../client/client';
import { dateTime, fromLocalInput, money, toLocalInput } from '../format';
import { Link, navigate } from '../router';
import { Problem } from '../components/problem';
import { useAction } from '../components/use-action';
import { useTitle } from '../components/use-title';

const CLASSES: Schema<'VehicleClass'>[] = ['standard', 'executive', 'luxury', 'van', 'minibus'];

/** Quote, then book: the quote holds the price and the cancellation policy until it expires. */
export function NewBookingPage() {
  useTitle('Book a ride');
  const action = useAction();
  const [quote, setQuote] = useState<Schema<'PublicQuote'> | null>(null);
  const [bookKey] = useState(idempotencyKey);
  const [request, setRequest] = useState({
    pickup_address: '',
    pickup_lat: '48.8674',
    pickup_lng: '2.3294',
    dropoff_address: '',
    dropoff_lat: '49.0097',
    dropoff_lng: '2.5479',
    datetime: toLocalInput(new Date(Date.now() + 3 * 3600 * 1000)),
    vehicle_class: 'standard' as Schema<'VehicleClass'>,
    pax: '1',
  });
  const field = (name: keyof typeof request, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={request[name]} onInput={(e) => setRequest({ ...request, [name]: e.currentTarget.value })} {...props} />
    </label>
  );
  return (
    <>
      <p class="crumbs">
        <Link to="/bookings">Bookings</Link>
      </p>
      <h1>Book a ride</h1>
      <Problem error={action.error} />
      <form
        class="stack"
        aria-label="Quote"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            setQuote(
              await ok(
                api.POST('/api/public/v1/quotes', {
                  params: { header: { 'Idempotency-Key': idempotencyKey() } },
                  body: {
                    pickup_address: request.pickup_address || undefined,
                    pickup_lat: Number(request.pickup_lat),
                    pickup_lng: Number(request.pickup_lng),
                    dropoff_address: request.dropoff_address || undefined,
                    dropoff_lat: Number(request.dropoff_lat),
                    dropoff_lng: Number(request.dropoff_lng),
                    datetime: fromLocalInput(request.datetime)!,
                    vehicle_class: request.vehicle_class,
                    pax: Number(request.pax),
                  },
                }),
              ),
            );
          });
        }}
      >
        <fieldset>
          <legend>Pickup</legend>
          {field('pickup_address', 'Address', { required: true, maxLength: 300 })}
          <div class="actions">
            {field('pickup_lat', 'Latitude', { type: 'number', step: 'any', min: -90, max: 90, required: true })}
            {field('pickup_lng', 'Longitude', { type: 'number', step: 'any', min: -180, max: 180, required: true })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Drop-off</legend>
          {field('dropoff_address', 'Address', { required: true, maxLength: 300 })}
          <div class="actions">
            {field('dropoff_lat', 'Latitude', { type: 'number', step: 'any', min: -90, max: 90, required: true })}
            {field('dropoff_lng', 'Longitude', { type: 'number', step: 'any', min: -180, max: 180, required: true })}
          </div>
        </fieldset>
        <div class="actions">
          {field('datetime', 'Pickup time', { type: 'datetime-local', required: true })}
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
          <button type="submit" disabled={action.busy}>
            Get a quote
          </button>
        </div>
      </form>
      {quote && (
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading">Quote</h2>
          <dl class="facts">
            <dt>Total</dt>
            <dd>
              <strong>{money(quote.total.gross, quote.total.currency)}</strong>{' '}
              <span class="muted">
                ({quote.distance_km} km, about {quote.duration_min} min)
              </span>
            </dd>
            <dt>Free cancellation</dt>
            <dd>
              until {dateTime(quote.cancellation_policy.free_until)}, then{' '}
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
              void action.run(async () => {
                const booked = await ok(
                  api.POST('/api/public/v1/bookings', {
                    params: { header: { 'Idempotency-Key': bookKey } },
                    body: {
                      quote_id: quote.quote_id,
                      passenger: { name: text('name')!, phone: text('phone')!, email: text('email') },
                      customer_reference: text('customer_reference'),
                      notes: text('notes'),
                      flight_number: text('flight_number'),
                    },
                  }),
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
