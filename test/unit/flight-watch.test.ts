import { newFlightWatch, nextFlightCheck, pickupForFlight, simulatedFlight } from '../../domain/flight-watch';

const ARRIVAL = '2027-03-15T08:30:00.000Z';
const at = (minutes: number) => Date.parse(ARRIVAL) + minutes * 60_000;
const iso = (minutes: number) => new Date(at(minutes)).toISOString();

describe('the simulated flight provider', () => {
  it.each([
    ['XX0045', 45, 'delayed'],
    ['XX9015', -15, 'scheduled'],
    ['AF1234', 0, 'scheduled'],
  ] as const)('%s lands %i minutes from the booked arrival, and is landed from then on', (flight, shift, before) => {
    expect(simulatedFlight(flight, ARRIVAL, at(-60))).toEqual({
      flight_number: flight,
      scheduled_arrival: ARRIVAL,
      estimated_arrival: iso(shift),
      status: before,
    });
    expect(simulatedFlight(flight, ARRIVAL, at(shift) - 1).status).toBe(before);
    expect(simulatedFlight(flight, ARRIVAL, at(shift)).status).toBe('landed');
  });

  it('cancels XX8nnn and diverts XX7nnn whenever asked', () => {
    expect(simulatedFlight('XX8001', ARRIVAL, at(-300)).status).toBe('cancelled');
    expect(simulatedFlight('XX7001', ARRIVAL, at(300)).status).toBe('diverted');
  });
});

describe('where the pickup goes and when to look', () => {
  it('follows the flight by the full shift up to three hours either way', () => {
    const info = (minutes: number) => ({
      flight_number: 'XX',
      scheduled_arrival: ARRIVAL,
      estimated_arrival: iso(minutes),
      status: 'delayed' as const,
    });
    expect(pickupForFlight(info(45))).toBe(iso(45));
    expect(pickupForFlight(info(-15))).toBe(iso(-15));
    expect(pickupForFlight(info(180))).toBe(iso(180));
    expect(pickupForFlight(info(240))).toBe(iso(180));
    expect(pickupForFlight(info(-200))).toBe(iso(-180));
  });

  it('looks first three hours before arrival (at once when later), then every 15 minutes', () => {
    const watch = newFlightWatch('XX0045', ARRIVAL);
    expect(nextFlightCheck(watch, at(-600))).toBe(at(-180));
    expect(nextFlightCheck(watch, at(-60))).toBe(at(-60));
    expect(nextFlightCheck({ ...watch, checked_at: iso(-100) }, at(-99))).toBe(at(-85));
  });
});
