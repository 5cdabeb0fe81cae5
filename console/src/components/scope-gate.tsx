import { useId } from 'preact/hooks';
import type { Session } from '../client/session';

/** Whether the login holds `scope`: the API refuses (403) what it does not, so the console does not offer it. */
export const holds = (session: Session, scope: string): boolean => session.scopes.includes(scope);

/** Why a control is off when the login lacks the scope its operation needs. */
export const lacksScope = (scope: string): string => `Needs the ${scope} scope, which this login does not hold.`;

/** A control this login may not use: a disabled button with the reason beside it, read with it by screen readers. */
export function Unavailable({ label, reason, primary = false }: { label: string; reason: string; primary?: boolean }) {
  const id = useId();
  return (
    <span class="unavailable">
      <button type="button" class={primary ? 'primary' : undefined} disabled aria-describedby={id}>
        {label}
      </button>
      <small id={id} class="reason">
        {reason}
      </small>
    </span>
  );
}
