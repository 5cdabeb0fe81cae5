/**
 * `npm run bench:deliveries`: public webhook deliveries on this machine — embedded PostgreSQL, an in-memory Temporal dev
 * server, the hub's workers and a local receiver in this process — beside a trivial one-activity workflow loop on
 * the same server in the same run:
 *   1. trivial loop: client.workflow.execute of a workflow running one empty activity;
 *   2. deliveries: client.workflow.execute of `delivery:<evt>:<dest>` (signed POST to the receiver, attempt logged),
 *      as redelivery and "send a test event" start them;
 *   3. events: the publisher's one step (the `publishPublicEvent` activity every workflow calls: record the event, start
 *      its delivery eagerly on this process's worker) → the receiver, throughput and p50/p99 from the start of the
 *      publish to the receiver's answer; then the same paced at half the bare delivery rate (open loop);
 *   4. the same through a `public-event:<key>` workflow, as a producer outside any workflow (the CLI) publishes.
 * The first three run in alternating rounds of 100. BENCH_ENGINE=cluster runs it all on Temporal's production server
 * (stack/temporal-cluster.ts) instead of the dev server. Sizes: BENCH_DELIVERIES (default 1000), BENCH_CONCURRENCY
 * (32). BENCH_TUNING, JSON of the public-webhooks worker's options (workers/create-workers.ts PublicWebhooksTuning,
 * e.g. '{"maxCachedWorkflows":0,"eagerStart":false}'), is how the tuning sweep in docs/public-webhooks.md was run.
 */
import { createServer } from 'node:http';
import { STACK_SECRETS, stackDataConverter } from '../stack/secrets';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { createPublicWebhookActivities } from '../activities/public-webhooks';
import { createIntegratorAccount } from '../app/accounts';
import { createDestination } from '../app/destinations';
import { newId } from '../infra/ids';
import { startLocalStack } from '../stack/local-stack';
import { eventually } from '../stack/eventually';
import {
  deliveryWorkflowId,
  PUBLIC_WEBHOOKS_TASK_QUEUE,
  publicEventWorkflowId,
  type DeliveryInput,
  type PublishPublicEventInput,
} from '../contracts/public-webhooks';
import { paced, run, summary, timed, type Run } from './measure';
import type { PublicWebhooksTuning } from '../workers/create-workers';

const N = Number(process.env.BENCH_DELIVERIES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUND = 100;
const ENGINE = process.env.BENCH_ENGINE === 'cluster' ? 'cluster' : 'dev';
const TUNING = JSON.parse(process.env.BENCH_TUNING ?? '{}') as PublicWebhooksTuning;

async function main() {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const local = await startLocalStack('bench', { poolMax: 30, engine: ENGINE });
  const { env, orm, namespace } = local;
  const { encryptionKey } = STACK_SECRETS;

  // The receiver: answers 204 and notes when each event arrived.
  const arrived = new Map<string, number>();
  let received = 0;
  const waiters = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['service-event-id']);
      if (!req.headers['service-signature']) throw new Error('unsigned delivery');
      received++;
      arrived.set(id, performance.now());
      waiters.get(id)?.();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

  await local.startWorkers({ encryptionKey, publicWebhooksTuning: TUNING });
  const trivialWorker = await Worker.create({
    connection: env.nativeConnection,
    namespace,
    taskQueue: 'bench-trivial',
    dataConverter: stackDataConverter(),
    workflowBundle: await bundleWorkflowCode({ workflowsPath: require.resolve('./trivial-workflow'), logger: new DefaultLogger('ERROR') }),
    activities: { noop: async () => {} },
  });
  const trivialRun = trivialWorker.run();

  try {
    const { accountId } = await createIntegratorAccount(orm, 'Bench');
    const { destination } = await createDestination(orm, encryptionKey, {
      accountId,
      environment: 'sandbox',
      url: receiverUrl,
      eventTypes: ['invoice.created'],
    });
    // A client over the workers' NativeConnection, as the activity context's is: eager start applies.
    const client = new Client({ connection: env.nativeConnection, namespace, dataConverter: stackDataConverter() });
    const recorder = createPublicWebhookActivities({
      orm,
      encryptionKey,
      timeoutMs: 5000,
      devTargets: true,
      client,
      eagerStart: TUNING.eagerStart ?? true,
    });
    const record = async (i: number, tag: string) =>
      recorder.recordPublicEvent({
        type: 'invoice.created',
        dedupeKey: `bench:${tag}:${i}`,
        accountId,
        environment: 'test',
        data: { number: `INV-${tag}-${i}`, account: accountId, net: 100, tax: 20, currency: 'EUR' },
      });

    const trivial = (tag: string) => (i: number) =>
      env.client.workflow.execute('trivialWorkflow', { workflowId: `trivial:${tag}:${i}`, taskQueue: 'bench-trivial' });
    /** Delivery workflows started as redelivery starts them, each of an event recorded before the clock starts. */
    const deliveries = async (tag: string, count: number) => {
      const events: Awaited<ReturnType<typeof record>>[] = [];
      for (let i = 0; i < count; i++) events.push(await record(i, tag));
      return run(count, CONCURRENCY, async (i) => {
        const {
          eventId,
          deliveries: [d],
        } = events[i];
        await env.client.workflow.execute('deliveryWorkflow', {
          workflowId: deliveryWorkflowId(eventId, d.destinationId),
          taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
          args: [{ deliveryId: d.deliveryId, eventId, destinationId: d.destinationId } satisfies DeliveryInput],
        });
      });
    };
    const input = (tag: string, i: number): PublishPublicEventInput => ({
      type: 'invoice.created',
      dedupeKey: `bench:${tag}:${i}`,
      accountId,
      environment: 'test',
      data: { number: `INV-${tag}-${i}`, account: accountId, net: 100, tax: 20, currency: 'EUR' },
    });
    const untilReceived = async (eventId: string) => {
      if (!arrived.has(eventId)) await new Promise<void>((r) => waiters.set(eventId, r));
      waiters.delete(eventId);
    };
    const published = (tag: string) => async (i: number) => untilReceived((await recorder.publishPublicEvent(input(tag, i))).eventId);
    const publishedByWorkflow = (tag: string) => async (i: number) => {
      const event = input(tag, i);
      const recorded = await env.client.workflow.execute('publicEventWorkflow', {
        workflowId: publicEventWorkflowId(event.dedupeKey),
        taskQueue: PUBLIC_WEBHOOKS_TASK_QUEUE,
        args: [event],
      });
      await untilReceived(recorded.eventId);
    };

    // Warm-up: JIT, pools, sticky caches.
    await timed(100, CONCURRENCY, trivial('warm'));
    await deliveries('warm', 100);
    await timed(100, CONCURRENCY, published('publish-warm'));
    await timed(100, CONCURRENCY, publishedByWorkflow('workflow-warm'));

    // The three in alternating rounds: the in-memory server slows as it fills, and each must see the same server.
    const rounds: Record<'loop' | 'sent' | 'events', Run[]> = { loop: [], sent: [], events: [] };
    for (let first = 0; first < N; first += ROUND) {
      const size = Math.min(ROUND, N - first);
      rounds.loop.push(await run(size, CONCURRENCY, trivial('run'), first));
      rounds.sent.push(await deliveries(`run-${first}`, size));
      rounds.events.push(await run(size, CONCURRENCY, published('publish-run'), first));
    }
    const [loop, sent, events] = [summary(rounds.loop), summary(rounds.sent), summary(rounds.events)];
    const halfLoad = sent.rate / 2;
    const atHalf = await paced(Math.min(N, Math.round(halfLoad * 10)), halfLoad, published('publish-half'));
    const viaWorkflow = await timed(N, CONCURRENCY, publishedByWorkflow('workflow-run'));
    // An attempt's row is written once the receiver has answered: wait for the last ones before counting.
    const attemptRows = async () =>
      Number(
        (
          await orm.em
            .getConnection()
            .execute<{ n: string }[]>('select count(*) as n from public_delivery_attempts where destination_id = ?', [destination.id])
        )[0].n,
      );
    const logged = await eventually(attemptRows, (n) => n >= received, 'every attempt logged', { timeoutMs: 10_000 }).catch(() =>
      attemptRows(),
    ); // fewer: the bench prints how many

    const f = (n: number) => n.toFixed(1);
    console.log(
      `\npublic webhook deliveries on the ${ENGINE === 'cluster' ? 'production server (4 history shards)' : 'dev server'} — ${N} per stage, concurrency ${CONCURRENCY}, tuning ${JSON.stringify(TUNING)}, Node ${process.version}, ${newId('run')}\n`,
    );
    console.log(`trivial one-activity workflow loop        ${f(loop.rate)} workflows/s   p50 ${f(loop.p50)} ms   p99 ${f(loop.p99)} ms`);
    console.log(`delivery workflows (signed POST, logged)  ${f(sent.rate)} deliveries/s  p50 ${f(sent.p50)} ms   p99 ${f(sent.p99)} ms`);
    console.log(`ratio deliveries / trivial loop           ${(sent.rate / loop.rate).toFixed(2)}`);
    console.log(
      `publish (one activity) → receiver        ${f(events.rate)} events/s      p50 ${f(events.p50)} ms   p99 ${f(events.p99)} ms`,
    );
    console.log(`ratio publish → receiver / deliveries    ${(events.rate / sent.rate).toFixed(2)}`);
    console.log(
      `  paced at half the delivery rate        ${f(atHalf.rate)} events/s      p50 ${f(atHalf.p50)} ms   p99 ${f(atHalf.p99)} ms`,
    );
    console.log(
      `via a public-event: workflow → receiver  ${f(viaWorkflow.rate)} events/s      p50 ${f(viaWorkflow.p50)} ms   p99 ${f(viaWorkflow.p99)} ms`,
    );
    console.log(`receiver got ${received} signed requests; delivery log rows ${logged}\n`);
  } finally {
    receiver.close();
    receiver.closeAllConnections();
    trivialWorker.shutdown();
    await trivialRun;
    await local.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
