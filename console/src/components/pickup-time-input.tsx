import { fromZonedInput, zoneLabel } from '../format';

/**
 * A pickup time typed at the pickup's clock, its zone named as it reads on the typed day ("Pickup time (Paris, CET)").
 * `timeZone` is the hub's (a booking's or a chosen place's `time_zone`); none yet while the pickup is not chosen.
 */
export function PickupTimeInput(props: { label: string; timeZone: string | null; value: string; onInput: (value: string) => void }) {
  const { label, timeZone, value, onInput } = props;
  return (
    <label>
      {label} <span class="muted">({timeZone ? zoneLabel(timeZone, fromZonedInput(value, timeZone)) : 'at the pickup’s clock'})</span>
      <input name="pickup_time" type="datetime-local" required value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    </label>
  );
}
