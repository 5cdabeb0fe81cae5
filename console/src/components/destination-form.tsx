import { useState } from 'preact/hooks';
import { EventPicker } from './event-picker';

interface FormValue {
  url: string;
  description: string;
  events: string[];
}

export function DestinationForm({
  initial,
  submitLabel,
  onSubmit,
  busy,
}: {
  initial: FormValue;
  submitLabel: string;
  busy: boolean;
  onSubmit: (value: FormValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label>
        Endpoint URL
        <input
          type="url"
          name="url"
          required
          maxLength={2048}
          placeholder="https://erp.example.com/hooks/dispatch"
          value={value.url}
          onInput={(e) => setValue({ ...value, url: e.currentTarget.value })}
        />
      </label>
      <label>
        Description <span class="muted">(optional)</span>
        <input
          type="text"
          name="description"
          maxLength={500}
          value={value.description}
          onInput={(e) => setValue({ ...value, description: e.currentTarget.value })}
        />
      </label>
      <EventPicker selected={value.events} onChange={(events) => setValue({ ...value, events })} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || value.events.length === 0}>
          {submitLabel}
        </button>
        {value.events.length === 0 && <span class="muted">Select at least one event.</span>}
      </div>
    </form>
  );
}
