import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { Problem } from './problem';

export type Place = Schema<'Place'>;

/** What one end of the trip is so far: the text typed, and the place chosen for it (none until the person picks one). */
export interface PlaceChoice {
  typed: string;
  place: Place | null;
}

/** Waits this long after the last keystroke before asking the hub, so typing a name is one request, not one per key. */
const TYPING_PAUSE_MS = 250;

/**
 * The address the booking will read for a chosen place: its label, or what was typed when only a whole city was
 * found (the typed text then carries the street the city cannot).
 */
export function addressOf(choice: PlaceChoice): string {
  return choice.place && choice.place.kind !== 'city' ? choice.place.label : choice.typed.trim();
}

/**
 * One end of the trip: an address field whose text the hub resolves (GET /api/public/v1/places) into candidate places,
 * offered as radio buttons with their city and country. Only a place the person picks sets coordinates; editing the
 * text again drops the choice.
 */
export function PlacePicker({ legend, value, onChange }: { legend: string; value: PlaceChoice; onChange: (next: PlaceChoice) => void }) {
  const id = useId();
  const [found, setFound] = useState<{ query: string; places: Place[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const query = value.typed.trim();
  useEffect(() => {
    if (query.length < 2) return setFound(null);
    const mine = ++latest.current;
    const timer = setTimeout(() => {
      ok(api.GET('/api/public/v1/places', { params: { query: { q: query, limit: 5 } } })).then(
        (list) => mine === latest.current && (setFound({ query, places: list.data }), setError(null)),
        (failure: unknown) => mine === latest.current && setError(failure),
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const chosen = value.place;
  return (
    <fieldset class="place-picker">
      <legend>{legend}</legend>
      <label>
        Address
        <input
          name={`${id}-address`}
          value={value.typed}
          required
          maxLength={300}
          autocomplete="off"
          placeholder="Airport, station, city or street"
          onInput={(e) => onChange({ typed: e.currentTarget.value, place: null })}
        />
      </label>
      <Problem error={error} />
      {found && found.query === query && found.places.length === 0 && (
        <p class="muted">No place found for “{found.query}”. Try the airport, station or city name.</p>
      )}
      {found && found.query === query && found.places.length > 0 && (
        <fieldset class="candidates">
          <legend>Places found: choose one</legend>
          <ul class="plain">
            {found.places.map((place, i) => (
              <li key={`${place.label} ${i}`}>
                <label>
                  <input
                    type="radio"
                    name={`${id}-place`}
                    checked={chosen?.label === place.label && chosen.lat === place.lat && chosen.lng === place.lng}
                    onChange={() => onChange({ typed: value.typed, place })}
                  />{' '}
                  <strong>{place.name}</strong> — {[place.city !== place.name ? place.city : '', place.country].filter(Boolean).join(', ')}{' '}
                  <span class="muted">({place.kind})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p class="chosen" role="status">
        {chosen ? (
          <>
            {legend}: <strong>{chosen.name}</strong>, {chosen.city && chosen.city !== chosen.name ? `${chosen.city}, ` : ''}
            {chosen.country}
            {chosen.kind === 'city' && ' (the city centre prices the ride; the chauffeur reads the address as typed)'}
          </>
        ) : (
          <span class="muted">No place chosen yet.</span>
        )}
      </p>
    </fieldset>
  );
}
