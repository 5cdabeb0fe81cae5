import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import { CreateBookingRequest } from '../../api/partner/create-booking';
import { newBookingRecord } from '../../app/bookings';
import { BOOKINGS_TASK_QUEUE, bookingWorkflowId, cancelBooking, getBookingState } from '../../contracts/booking';
import { eventually } from '../../stack/eventually';
import { localEnvironment } from '../../stack/temporal';
import { runWorkers } from '../../workers/create-workers';
import { freshDatabase, type TestDatabase } from '../support/db';
import { bookingBody, createTestPartner } from '../support/fixtures';
import { createTestWorkers } from '../support/hub';
import { CHANGE_PATCH_ID } from '../support/changed-workflows';

/**
 * Bookings wait for up to a year, so a deploy meets running ones. A booking starts on today's workers; they stop and
 * (after the sticky queue of the stopped worker times out, as in a real deploy: the dev server, not the time-skipping
 * one, does that) workers with a changed bookingWorkflow (a new timer behind `patched()`, test/support/changed-workflows.ts) take over
 * its history and finish it. New bookings take the new path.
 */
describe('a workflow change deployed while bookings run', () => {
  let env: TestWorkflowEnvironment;
  let db: TestDatabase;
  let changed: WorkflowBundle;

  beforeAll(async () => {
    [env, db, changed] = await Promise.all([
      localEnvironment(),
      freshDatabase(),
      bundleWorkflowCode({
        workflowsPath: require.resolve('../support/changed-workflows'),
        logger: { log() {}, info() {}, warn: console.warn, error: console.error, debug() {}, trace() {} },
      }),
    ]);
  }, 120_000);
  afterAll(() => Promise.all([env?.teardown(), db?.close()]));

  async function startBooking(partnerId: string) {
    const datetime = new Date((await env.currentTimeMs()) + 48 * 3600_000).toISOString();
    const record = newBookingRecord(CreateBookingRequest.parse(bookingBody({ pickup: { ...bookingBody().pickup, datetime } })), {
      partnerId,
      livemode: true,
    });
    const handle = await env.client.workflow.start('bookingWorkflow', {
      workflowId: bookingWorkflowId(record.id),
      taskQueue: BOOKINGS_TASK_QUEUE,
      args: [record],
    });
    await eventually(
      // The patched step runs before the workflow registers its query: not there yet is not confirmed yet.
      () => handle.query(getBookingState).catch(() => null),
      (s) => s?.status === 'confirmed',
      'the booking is confirmed',
    );
    return handle;
  }
  const timersOf = async (handle: Awaited<ReturnType<typeof startBooking>>) =>
    (await handle.fetchHistory())
      .events!.filter((e) => e.timerStartedEventAttributes)
      .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds));
  /** The ids of the patches a history recorded (each patch marker carries its id as a plain JSON payload). */
  const patchesOf = async (handle: Awaited<ReturnType<typeof startBooking>>) =>
    (await handle.fetchHistory())
      .events!.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
      .map(
        (e) =>
          JSON.parse(Buffer.from(e.markerRecordedEventAttributes!.details!['patch-data']!.payloads![0]!.data!).toString()).id as string,
      );

  it("finishes a booking started on today's code on the changed workers, and starts new ones on the new path", async () => {
    const { partnerId } = await createTestPartner(db.orm);
    const todays = runWorkers(await createTestWorkers(env, db));
    const running = await startBooking(partnerId);
    todays.shutdown();
    await todays.done;

    const deployed = runWorkers(await createTestWorkers(env, db, { workflowBundle: changed }));
    try {
      // The running booking replays its history on the new code and goes on: cancelled, no task failed.
      const cancelled = await running.executeUpdate(cancelBooking, { args: [{ reason_code: 'passenger_request', actor: 'partner' }] });
      expect(cancelled.cancellation).toMatchObject({ reason_code: 'passenger_request' });
      expect((await running.result()).status).toBe('cancelled');
      const history = (await running.fetchHistory()).events!;
      expect(history.filter((e) => e.workflowTaskFailedEventAttributes)).toEqual([]);
      expect(await patchesOf(running)).not.toContain(CHANGE_PATCH_ID);
      expect(await timersOf(running)).not.toContain(1);

      // A booking started after the deploy takes the patched step: its marker and its one-second timer.
      const fresh = await startBooking(partnerId);
      expect(await patchesOf(fresh)).toContain(CHANGE_PATCH_ID);
      expect((await timersOf(fresh))[0]).toBe(1);
      await fresh.terminate('test over');
    } finally {
      deployed.shutdown();
      await deployed.done;
    }
  });
});
