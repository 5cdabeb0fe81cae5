import { z } from 'zod';
import { DEFAULT_SANDBOX_SCENARIO, SANDBOX_SCENARIOS, type SandboxScenario } from '../../domain/sandbox';
import { ProblemError } from '../errors';

/** `X-Sandbox-Scenario` on POST /v1/bookings: what a sandbox ride plays (docs/partner-api.md). */
export const SandboxScenarioHeaders = z.object({
  'x-sandbox-scenario': z
    .enum(SANDBOX_SCENARIOS)
    .optional()
    .meta({
      description: `Sandbox credentials only: the simulated ride to play (default \`${DEFAULT_SANDBOX_SCENARIO}\`). A live credential that sends it gets \`422 validation_failed\`: live rides are never simulated.`,
      example: 'passenger_no_show',
    }),
});

/** The scenario a booking plays: the header's (sandbox), the default (sandbox), or none (live; the header is refused). */
export function sandboxScenarioFor(headers: Record<string, unknown>, livemode: boolean): SandboxScenario | null {
  const requested = headers['x-sandbox-scenario'] as SandboxScenario | undefined;
  if (!livemode) return requested ?? DEFAULT_SANDBOX_SCENARIO;
  if (requested === undefined) return null;
  const detail = 'X-Sandbox-Scenario is for sandbox credentials only: live bookings are dispatched to real drivers, never simulated.';
  throw new ProblemError('validation_failed', {
    detail,
    param: 'x-sandbox-scenario',
    errors: [{ param: 'x-sandbox-scenario', code: 'sandbox_only', detail }],
  });
}
