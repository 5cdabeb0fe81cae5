/** The passenger-data retention sweep: its schedule, workflow and what it reports. */
export const RETENTION_SCHEDULE_ID = 'passenger-data-retention';
export const RETENTION_WORKFLOW_ID = 'retention:passenger-data';

export interface RetentionInput {
  /** Passenger contact data of rides that ended more than this many days ago is erased. */
  retentionDays: number;
}

export interface RetentionOutcome {
  /** Rides ended before this instant were swept. */
  endedBefore: string;
  bookings: number;
  events: number;
  /** Webhook attempts whose receiver's answer was cleared (past 30 days); absent in sweeps before it existed. */
  attemptResponses?: number;
  /** API requests deleted from the request log (past 7 days). */
  apiRequests?: number;
}
