import type { ComponentChildren } from 'preact';
import { CopyButton } from './copy-button';

/**
 * A secret shown this once, selectable, with its copy button and a warning that it will not be shown again; or, with
 * `note`, a secret revealed on request (a destination's signing secret), with that note instead of the warning.
 */
export function SecretOnce({ name, value, note }: { name: string; value: string; note?: ComponentChildren }) {
  return (
    <div class="secret" role="region" aria-label={note ? name : `New ${name}`}>
      <p>
        {note ?? (
          <>
            <strong>Copy the {name} now:</strong> it is shown this once.
          </>
        )}
      </p>
      <p>
        <code class="secret-value">{value}</code> <CopyButton value={value} label={`Copy ${name}`} />
      </p>
    </div>
  );
}
