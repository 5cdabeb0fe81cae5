import { useEffect, useState } from 'preact/hooks';
import { loadCatalogue, type CatalogueEvent } from '../events-catalogue';
import { Loading } from './loading';
import { Problem } from './problem';

/** Event checkboxes from the catalogue, each with its description and its example payload (as text, never HTML). */
export function EventPicker({ selected, onChange }: { selected: string[]; onChange: (events: string[]) => void }) {
  const [catalogue, setCatalogue] = useState<CatalogueEvent[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    loadCatalogue().then(setCatalogue, setError);
  }, []);
  if (error) return <Problem error={error} />;
  if (!catalogue) return <Loading what="the event catalogue" />;
  const toggle = (type: string, on: boolean) => onChange(on ? [...selected, type] : selected.filter((event) => event !== type));
  return (
    <fieldset class="event-picker">
      <legend>Events to send</legend>
      <p class="muted">
        {selected.length} of {catalogue.length} selected.{' '}
        <button type="button" class="link" onClick={() => onChange(catalogue.map((event) => event.type))}>
          Select all
        </button>{' '}
        <button type="button" class="link" onClick={() => onChange([])}>
          Clear
        </button>
      </p>
      <ul>
        {catalogue.map((event) => (
          <li key={event.type}>
            <label>
              <input
                type="checkbox"
                name="events"
                value={event.type}
                checked={selected.includes(event.type)}
                onChange={(e) => toggle(event.type, e.currentTarget.checked)}
              />{' '}
              <code>{event.type}</code>
            </label>
            <p class="muted">{event.description}</p>
            <details>
              <summary>Example payload of {event.type}</summary>
              <pre>{JSON.stringify(event.example, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
