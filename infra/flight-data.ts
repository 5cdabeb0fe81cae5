import { simulatedFlight, type FlightInfo } from '../domain/flight-watch';

/**
 * Where flight data comes from. A real provider (FlightAware AeroAPI, Cirium, OAG…) implements `lookup` with an HTTP
 * call: the scheduled and estimated arrival of the flight that lands on `date` (the booked pickup), and its status.
 * The booking workflow calls it through the `lookupFlight` activity, which retries failures.
 */
export interface FlightDataProvider {
  /** `asOf` is the workflow's clock: a real provider answers with live data and ignores it. */
  lookup(flightNumber: string, scheduledArrival: string, asOf: string): Promise<FlightInfo>;
}

/**
 * The simulated provider of domain/flight-watch.ts: used by sandbox, tests and `npm start` until a real one is wired
 * in. It answers as of the workflow's clock, so a flight lands on time-skipping test servers too.
 */
export const simulatedFlightData: FlightDataProvider = {
  async lookup(flightNumber, scheduledArrival, asOf) {
    return simulatedFlight(flightNumber, scheduledArrival, Date.parse(asOf));
  },
};
