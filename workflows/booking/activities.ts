import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { AllocationActivities } from '../../activities/allocation';
import type { BookingActivities } from '../../activities/booking';
import type { FlightActivities } from '../../activities/flight';

// Short database writes run as local activities: no task-queue round trip per write.
export const bookingActivities = proxyLocalActivities<BookingActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

// Fleet allocation (activities/allocation.ts): short conditional writes, local activities too.
export const allocationActivities = proxyLocalActivities<AllocationActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

// The flight provider is outside our system: an ordinary activity, retried with backoff while it is unreachable.
export const flightActivities = proxyActivities<FlightActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});
