import { problemOf } from '../client/client';
import { Problem } from './problem';
import { useAction } from './use-action';

/** Downloads a document through fetch (so a refusal shows as a problem, not as a browser error page). */
export function Download({ href, accept, filename, label }: { href: string; accept: string; filename: string; label: string }) {
  const action = useAction();
  return (
    <span class="download">
      <button
        type="button"
        disabled={action.busy}
        onClick={() =>
          action.run(async () => {
            const response = await fetch(href, { credentials: 'same-origin', headers: { Accept: accept } });
            if (!response.ok) throw await problemOf(response);
            const url = URL.createObjectURL(await response.blob());
            const anchor = document.createElement('a');
            anchor.href = url;
            anchor.download = filename;
            document.body.append(anchor);
            anchor.click();
            anchor.remove();
            setTimeout(() => URL.revokeObjectURL(url), 10_000);
          })
        }
      >
        {label}
      </button>
      <Problem error={action.error} />
    </span>
  );
}
