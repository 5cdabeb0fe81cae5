import type { BookingStatus } from '../../domain/booking-lifecycle';
import type { GpsPosition } from '../../domain/sandbox';
import type { ReportRideProgressInput } from '../../contracts/booking';
import { answerRefusal, applyAnswer, type AllocationAnswer } from './live-allocation';
import { applyRideReport, PROGRESS_TARGET, rideReportRefusal } from './ride-progress';
import { nowIso, type BookingRun } from './run';
import { record } from './write-queue';

/** Statuses in which the car reports positions. */
const MOVING: readonly BookingStatus[] = ['assigned', 'on_the_way', 'arrived', 'on_board'];

const isAnswer = (input: ReportRideProgressInput): input is AllocationAnswer => input.kind === 'accepted' || input.kind === 'declined';

/** Why a driver-side report may not apply now, or null. */
export function progressRefusal(run: BookingRun, input: ReportRideProgressInput): string | null {
  if (!PROGRESS_TARGET[input.kind]) return `unknown progress kind ${JSON.stringify(input.kind)}`;
  return isAnswer(input) ? answerRefusal(run, input) : rideReportRefusal(run, input);
}

/** The transition shared by the reportRideProgress Update and the sandbox simulation. */
export function applyProgress(run: BookingRun, input: ReportRideProgressInput): Promise<void> {
  return isAnswer(input) ? applyAnswer(run, input) : applyRideReport(run, input);
}

/**
 * A GPS position: always to the read model (booking-status shows the latest), and a `gps.update` event only when
 * the last one is at least the coalescing interval old. Positions outside a ride are ignored.
 */
export function acceptPosition(run: BookingRun, p: GpsPosition & { at?: string }): void {
  const { settings, state } = run;
  if (!settings || !MOVING.includes(state.status)) return;
  if (!Number.isFinite(p?.lat) || !Number.isFinite(p?.lng) || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) return;
  const at = nowIso();
  if (p.recorded) {
    // The driver app wrote it to the read model: only the coalesced `gps.update`, read from there; nothing else.
    state.ride.position = { lat: p.lat, lng: p.lng, eta_minutes: p.eta_minutes ?? null, at };
    if (state.lastGpsAt !== null && Date.parse(at) - Date.parse(state.lastGpsAt) < settings.gpsIntervalMs) return;
    state.lastGpsAt = at;
    void record(run, 'gps.update');
    return;
  }
  const eta = state.status === 'on_the_way' && Number.isInteger(p.eta_minutes) ? (p.eta_minutes as number) : undefined;
  state.ride.position = { lat: p.lat, lng: p.lng, eta_minutes: eta ?? null, at };
  if (eta !== undefined) state.ride.etaMinutes = eta;
  const due = state.lastGpsAt === null || Date.parse(at) - Date.parse(state.lastGpsAt) >= settings.gpsIntervalMs;
  if (due) state.lastGpsAt = at;
  void record(run, due ? 'gps.update' : null, {
    position: { lat: p.lat, lng: p.lng, at },
    ...(eta !== undefined ? { etaMinutes: eta } : {}),
  });
}
