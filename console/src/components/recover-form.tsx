import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schema } from '../client/client';
import { count, fromLocalInput, toLocalInput } from '../format';
import { Problem } from './problem';
import { useAction, useIdempotencyKeys } from './use-action';

type Recovery = Schema<'WebhookRecovery'>;

/** How often a running recovery is read again. */
const RECOVERY_POLL_MS = 1000;

/** A recovery's progress in words (and a progress bar that repeats them). */
function RecoveryProgress({ recovery }: { recovery: Recovery }) {
  const done = recovery.status === 'completed';
  if (done && recovery.count === 0) {
    return <p>Nothing to recover: no delivery to this destination failed for good since then.</p>;
  }
  return (
    <>
      <p>
        {done ? 'Recovery done' : 'Recovering'}: {count(recovery.redelivered)} of {count(recovery.count)} failed deliveries sent again
        {done ? '; their attempts appear below.' : '…'}{' '}
        <span class="muted">
          (job <code>webhook-recovery:{recovery.id}</code>)
        </span>
      </p>
      <progress max={Math.max(1, recovery.count)} value={recovery.redelivered} aria-hidden="true" />
    </>
  );
}

/**
 * Recover every failure of one destination since a time: one durable job on the hub
 * (`POST /api/public/v1/webhook-destinations/{id}/recover`), followed here until it completes.
 */
export function RecoverForm({
  destinations,
  destination: filtered,
}: {
  destinations: Schema<'WebhookDestination'>[];
  destination?: string;
}) {
  const [since, setSince] = useState(() => toLocalInput(new Date(Date.now() - 24 * 3600 * 1000)));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const destination = chosen ?? filtered ?? destinations[0]?.id ?? '';
  const [recovery, setRecovery] = useState<Recovery | null>(null);
  const [pollError, setPollError] = useState<unknown>(null);
  const action = useAction();
  const keys = useIdempotencyKeys();
  const running = recovery?.status === 'running';
  const recoveryId = recovery?.id;
  useEffect(() => {
    if (!running || !recoveryId) return;
    let stopped = false;
    const timer = setTimeout(() => {
      ok(api.GET('/api/public/v1/webhook-recoveries/{id}', { params: { path: { id: recoveryId } } })).then(
        (next) => !stopped && setRecovery(next),
        (error: unknown) => !stopped && setPollError(error),
      );
    }, RECOVERY_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, recoveryId, recovery]);
  if (destinations.length === 0) return null;
  return (
    <form
      class="filters"
      aria-labelledby="recover-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setRecovery(null);
        setPollError(null);
        void action.run(async () => {
          const body = { since: fromLocalInput(since)! };
          setRecovery(
            await keys.send('recover', { destination, body }, (key) =>
              ok(
                api.POST('/api/public/v1/webhook-destinations/{id}/recover', {
                  params: { path: { id: destination }, header: { 'Idempotency-Key': key } },
                  body,
                }),
              ),
            ),
          );
        });
      }}
    >
      <h2 id="recover-heading" class="full">
        Recover failed deliveries
      </h2>
      <p class="full muted">
        Sends again every event whose delivery to the destination failed for good since the time you choose (up to 30 days back), as one job
        on the hub that carries on if you leave this page.
      </p>
      <label>
        Failed since
        <input type="datetime-local" required value={since} onInput={(e) => setSince(e.currentTarget.value)} />
      </label>
      <label>
        Destination
        <select required value={destination} onChange={(e) => setChosen(e.currentTarget.value)}>
          {destinations.map((d) => (
            <option key={d.id} value={d.id}>
              {d.url}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={action.busy || running}>
        Recover
      </button>
      <Problem error={action.error ?? pollError} />
      <div role="status" class="notice full" hidden={!recovery}>
        {recovery && <RecoveryProgress recovery={recovery} />}
      </div>
    </form>
  );
}
