import type { MikroORM } from '@mikro-orm/postgresql';
import type { NativeConnection } from '@temporalio/worker';
import { FINANCE_SCHEDULE_ID } from '../contracts/finance';
import { RETENTION_SCHEDULE_ID } from '../contracts/retention';
import {
  databaseAnswers,
  pausedDestinationsByEnvironment,
  unacknowledgedPayoutFiles,
  UNSTARTED_COUNT_CAP,
  unstartedBookingCounts,
} from '../db/ops-gauges';
import { UNSTARTED_AFTER_SECONDS, UNSTARTED_WINDOW_MINUTES } from '../domain/unstarted-sweep';
import { oldestUnpublishedPublicEventSeconds } from '../db/public-event-outbox';
import { waitingParkedBatchCounts } from '../db/partner-parked-batches';
import { overdueAcknowledgements } from '../domain/payout-acknowledgement';
import { registerScrapeGauge } from '../infra/scrape-gauges';

/** The Temporal Schedules whose missed runs page (ops/prometheus/hub-outage.rules.yml, HubScheduleMissed). */
export const WATCHED_SCHEDULES = [FINANCE_SCHEDULE_ID, RETENTION_SCHEDULE_ID];
/** How long a scrape waits for PostgreSQL's or Temporal's answer before the `…_up` gauge says 0. */
const UP_TIMEOUT_MS = 2_000;

const seconds = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  t ? Number(t.seconds ?? 0) + (t.nanos ?? 0) / 1e9 : undefined;

/**
 * The gauges a worker process reads at each scrape, for the alerts a ratio cannot raise (docs/operations.md
 * "Monitoring"): whether PostgreSQL and Temporal answer, when each watched Schedule last acted and how often it
 * should, paused destinations, booking rows whose workflow never ran, payout files the bank has not acknowledged.
 * Every worker serves them; the rules take max() across workers.
 */
export function registerOutageGauges(orm: MikroORM, connection: NativeConnection, namespace: string): void {
  registerScrapeGauge('hub_database_up', 'Whether PostgreSQL answers select 1 within 2 s (1) or not (0).', [], async () => [
    { value: (await databaseAnswers(orm, UP_TIMEOUT_MS)) ? 1 : 0 },
  ]);
  registerScrapeGauge('hub_temporal_up', "Whether Temporal's frontend answers GetSystemInfo within 2 s (1) or not (0).", [], async () => {
    const answered = await connection
      .withDeadline(Date.now() + UP_TIMEOUT_MS, () => connection.workflowService.getSystemInfo({}))
      .then(
        () => 1,
        () => 0,
      );
    return [{ value: answered }];
  });
  const describe = (scheduleId: string) =>
    connection.withDeadline(Date.now() + UP_TIMEOUT_MS, () => connection.workflowService.describeSchedule({ namespace, scheduleId }));
  registerScrapeGauge(
    'hub_schedule_last_action_timestamp_seconds',
    'When a Temporal Schedule last started its action (Unix seconds; its creation before its first action), by schedule.',
    ['schedule'],
    async () =>
      Promise.all(
        WATCHED_SCHEDULES.map(async (schedule) => {
          const { info } = await describe(schedule);
          const actions = (info?.recentActions ?? []).map((a) => seconds(a.actualTime) ?? 0);
          return { labels: { schedule }, value: Math.max(seconds(info?.createTime) ?? 0, ...actions) };
        }),
      ),
  );
  registerScrapeGauge(
    'hub_schedule_interval_seconds',
    "The time between a Temporal Schedule's next two actions, by schedule (absent while it has fewer than two ahead).",
    ['schedule'],
    async () =>
      (
        await Promise.all(
          WATCHED_SCHEDULES.map(async (schedule) => {
            const next = ((await describe(schedule)).info?.futureActionTimes ?? []).map((t) => seconds(t) ?? 0);
            return next.length >= 2 ? [{ labels: { schedule }, value: next[1] - next[0] }] : [];
          }),
        )
      ).flat(),
  );
  registerScrapeGauge(
    'hub_webhook_destinations_paused',
    'Public webhook destinations paused (12 consecutive failures, or by hand), by environment (live, test).',
    ['environment'],
    async () =>
      Object.entries(await pausedDestinationsByEnvironment(orm)).map(([environment, value]) => ({ labels: { environment }, value })),
  );
  registerScrapeGauge(
    'hub_unstarted_bookings',
    `Booking rows whose workflow never ran, created over ${UNSTARTED_AFTER_SECONDS} s ago (counted up to ${UNSTARTED_COUNT_CAP.toLocaleString('en-US')}), by reach: sweep (created within the last ${UNSTARTED_WINDOW_MINUTES} minutes: the unstarted-bookings sweep starts them) or beyond (older: it never will).`,
    ['reach'],
    async () => {
      const counts = await unstartedBookingCounts(orm, UNSTARTED_AFTER_SECONDS, UNSTARTED_WINDOW_MINUTES);
      return Object.entries(counts).map(([reach, value]) => ({ labels: { reach }, value }));
    },
  );
  registerScrapeGauge(
    'hub_public_event_outbox_oldest_seconds',
    "Age of the oldest public event committed to the outbox and not yet handed to Temporal (0 when none): the request's own publish failed and the API's sweep has not published it.",
    [],
    async () => [{ value: await oldestUnpublishedPublicEventSeconds(orm) }],
  );
  registerScrapeGauge(
    'hub_partner_batches_parked',
    'Partner webhook batches parked by their shard (they failed the same way too long) and not replayed yet, by environment (sandbox, live).',
    ['environment'],
    async () => Object.entries(await waitingParkedBatchCounts(orm)).map(([environment, value]) => ({ labels: { environment }, value })),
  );
  const payoutFiles = () => unacknowledgedPayoutFiles(orm);
  registerScrapeGauge(
    'hub_payout_files_unacknowledged_oldest_seconds',
    'Age of the oldest live payout file the bank has not acknowledged (0 when none).',
    [],
    async () => {
      const [oldest] = await payoutFiles();
      return [{ value: oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0 }];
    },
  );
  registerScrapeGauge(
    'hub_payout_files_overdue',
    'Live payout files not acknowledged by the end of the first TARGET2 business day after their execution date.',
    [],
    async () => [
      {
        value: overdueAcknowledgements(
          (await payoutFiles()).map((f) => f.executionDate),
          new Date(),
        ),
      },
    ],
  );
}
