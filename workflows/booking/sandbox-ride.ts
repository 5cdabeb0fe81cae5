import { condition } from '@temporalio/workflow';
import { isTerminal } from '../../domain/booking-lifecycle';
import { DEFAULT_SANDBOX_SCENARIO, sandboxPlan } from '../../domain/sandbox';
import type { ReportRideProgressInput } from '../../contracts/booking';
import { acceptPosition, applyProgress, progressRefusal } from './driver-side';
import type { BookingRun } from './run';

/**
 * Sandbox: plays the chosen scenario (domain/sandbox.ts) on the compressed clock through `applyProgress` and
 * `acceptPosition`, as a real driver would report; a step the booking no longer allows is skipped.
 */
export async function playSandboxRide(run: BookingRun): Promise<void> {
  const { booking, state } = run;
  const plan = sandboxPlan(
    booking.sandboxScenario ?? DEFAULT_SANDBOX_SCENARIO,
    {
      bookingId: booking.id,
      vehicleClass: booking.vehicleClass,
      pickup: booking.pickup,
      dropoff: booking.dropoff,
      distanceKm: booking.fare.distance_km,
      durationMin: booking.fare.duration_min,
    },
    run.settings!.sandboxRideMs,
  );
  const start = Date.now();
  for (const step of plan) {
    const delay = start + step.at - Date.now();
    if (delay > 0 && (await condition(() => isTerminal(state.status), delay))) break;
    if (isTerminal(state.status)) break;
    if (step.progress) {
      const input = { ...step.progress, actor: step.actor } as ReportRideProgressInput;
      if (progressRefusal(run, input) === null) await applyProgress(run, input);
    } else acceptPosition(run, step.position);
  }
  state.simulated = true;
}
