import type { FlightInfo } from '../domain/flight-watch';
import { simulatedFlightData, type FlightDataProvider } from '../infra/flight-data';

/** The flight watch's one side effect: asking the provider (docs/live-dispatch.md#flight-watch). */
export function createFlightActivities(provider: FlightDataProvider = simulatedFlightData) {
  return {
    async lookupFlight(input: { flightNumber: string; scheduledArrival: string; asOf: string }): Promise<FlightInfo> {
      return provider.lookup(input.flightNumber, input.scheduledArrival, input.asOf);
    },
  };
}

export type FlightActivities = ReturnType<typeof createFlightActivities>;
