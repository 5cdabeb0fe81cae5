import { ProblemError } from '../client/client';

/** A problem as people read it: its title, its detail, the fields at fault and the request id to quote to support. */
export function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const problem =
    error instanceof ProblemError
      ? error
      : new ProblemError(0, 'The console could not reach the hub', String((error as Error)?.message ?? error), null, null);
  return (
    <div class="problem" role="alert">
      <p class="problem-title">{problem.title}</p>
      <p>{problem.detail}</p>
      {problem.fieldErrors.length > 0 && (
        <ul>
          {problem.fieldErrors.map((field) => (
            <li key={field.param}>
              <code>{field.param}</code>: {field.detail}
            </li>
          ))}
        </ul>
      )}
      {problem.requestId && (
        <p class="muted">
          Request id <code>{problem.requestId}</code>
        </p>
      )}
    </div>
  );
}
