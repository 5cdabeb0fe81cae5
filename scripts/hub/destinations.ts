import { WebhookDestinationSchema, type WebhookDestination } from '../../db/entities';
import {
  createDestination,
  deleteDestination,
  sendDestinationTestEvent,
  rotateDestinationSecret,
  setDestinationActive,
} from '../../app/destinations';
import { isPublicEventType, maskSigningSecret, PUBLIC_EVENT_TYPES } from '../../domain/public-events';
import { urlProblem } from '../../infra/safe-http';
import { revealSecrets } from '../../infra/destination-secrets';
import { environmentOfTestOrLive, testOrLive } from '../../domain/environment';
import { startRecovery } from '../../app/webhook-recoveries';
import { commaList, fields, Failure, flag, isoOrNull, requiredFlag, table, UsageError, type Command, type Context } from './cli';

function destinationJson(d: WebhookDestination) {
  return {
    id: d.id,
    account_id: d.accountId,
    environment: testOrLive(d.environment),
    url: d.url,
    description: d.description ?? null,
    events: d.eventTypes,
    signing_secret_masked: maskSigningSecret(d.secretLast4),
    status: d.status,
    paused: d.status === 'paused' ? { reason: d.pausedReason ?? 'paused', since: isoOrNull(d.pausedSince) } : null,
    created_at: isoOrNull(d.createdAt),
  };
}

function destinationFields(d: WebhookDestination): [string, string][] {
  return [
    ['destination', d.id],
    ['account', `${d.accountId} (${testOrLive(d.environment)})`],
    ['url', d.url],
    ['events', d.eventTypes.join(', ')],
    ['secret', maskSigningSecret(d.secretLast4)],
    ['status', d.status === 'paused' ? `paused since ${isoOrNull(d.pausedSince)}: ${d.pausedReason}` : 'active'],
  ];
}

function parseEvents(value: string): string[] {
  const events = commaList(value);
  const unknown = events.filter((e) => !isPublicEventType(e));
  if (!events.length || unknown.length) {
    throw new UsageError(
      `--events: unknown event type(s) ${unknown.join(', ') || '(none given)'}; allowed: ${PUBLIC_EVENT_TYPES.join(', ')}`,
    );
  }
  return events;
}

async function find(ctx: Context): Promise<WebhookDestination> {
  const d = await ctx.orm.em.fork().findOne(WebhookDestinationSchema, { id: ctx.args[0], deletedAt: null });
  if (!d) throw new Failure(`no webhook destination ${ctx.args[0]}`);
  return d;
}

async function temporalOf(ctx: Context) {
  if (!ctx.temporal) throw new Failure('this command needs Temporal: start the hub (npm start) or set TEMPORAL_ADDRESS');
  return ctx.temporal();
}

const show = (d: WebhookDestination, heading: string) => ({
  json: destinationJson(d),
  text: [heading, fields(destinationFields(d))].join('\n'),
});

export const destinationCommands: Record<string, Command> = {
  create: {
    usage: 'destinations create --account ID --env test|live --url U --events a,b [--description D]',
    summary: `create a public webhook destination (signing secret printed once); events: ${PUBLIC_EVENT_TYPES.join(', ')}`,
    options: {
      account: { type: 'string' },
      env: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
    },
    async run(ctx) {
      const env = requiredFlag(ctx.flags, 'env');
      if (env !== 'test' && env !== 'live') throw new UsageError('--env must be test or live');
      const url = requiredFlag(ctx.flags, 'url');
      const problem = urlProblem(url, { livemode: env === 'live', devTargets: ctx.devWebhookTargets });
      if (problem) throw new UsageError(`--url ${problem}`);
      const { destination, secret } = await createDestination(ctx.orm, ctx.secrets.encryptionKey, {
        accountId: requiredFlag(ctx.flags, 'account'),
        environment: environmentOfTestOrLive(env),
        url,
        description: flag(ctx.flags, 'description') ?? null,
        eventTypes: parseEvents(requiredFlag(ctx.flags, 'events')),
      }).catch((err: Error) => {
        throw /foreign key/i.test(err.message) ? new Failure(`no integrator account ${flag(ctx.flags, 'account')}`) : err;
      });
      return {
        json: { ...destinationJson(destination), signing_secret: secret },
        text: [
          'Webhook destination created.',
          fields([...destinationFields(destination), ['signing secret', secret]]),
          'The secret is shown only this once.',
        ].join('\n'),
      };
    },
  },
  list: {
    usage: 'destinations list [--account ID] [--paused]',
    summary: 'list public webhook destinations',
    options: { account: { type: 'string' }, paused: { type: 'boolean' } },
    async run({ orm, flags }) {
      const accountId = flag(flags, 'account');
      const found = await orm.em
        .fork()
        .find(
          WebhookDestinationSchema,
          { deletedAt: null, ...(accountId ? { accountId } : {}), ...(flags.paused ? { status: 'paused' as const } : {}) },
          { orderBy: { id: 'asc' } },
        );
      return {
        json: found.map(destinationJson),
        text: table(
          ['DESTINATION', 'ACCOUNT', 'ENV', 'STATUS', 'EVENTS', 'URL'],
          found.map((d) => [d.id, d.accountId, testOrLive(d.environment), d.status, d.eventTypes.join(','), d.url]),
        ),
      };
    },
  },
  show: {
    usage: 'destinations show <destination_id>',
    summary: 'show one destination',
    args: ['destination_id'],
    async run(ctx) {
      return show(await find(ctx), 'Webhook destination.');
    },
  },
  pause: {
    usage: 'destinations pause <destination_id> [--reason R]',
    summary: 'pause a destination (deliveries wait, nothing is dropped)',
    args: ['destination_id'],
    options: { reason: { type: 'string' } },
    async run(ctx) {
      const d = await find(ctx);
      return show(
        await setDestinationActive(ctx.orm, await temporalOf(ctx), d.id, false, flag(ctx.flags, 'reason') ?? 'paused by operations'),
        'Paused.',
      );
    },
  },
  resume: {
    usage: 'destinations resume <destination_id>',
    summary: 'resume a destination and send its backlog in event order',
    args: ['destination_id'],
    async run(ctx) {
      const d = await find(ctx);
      return show(await setDestinationActive(ctx.orm, await temporalOf(ctx), d.id, true), 'Resumed; the backlog is being sent.');
    },
  },
  'rotate-secret': {
    usage: 'destinations rotate-secret <destination_id> [--overlap-seconds N]',
    summary: 'new signing secret (printed once); the old one keeps signing during the overlap (default 86400 s)',
    args: ['destination_id'],
    options: { 'overlap-seconds': { type: 'string' } },
    async run(ctx) {
      const d = await find(ctx);
      const overlapText = flag(ctx.flags, 'overlap-seconds');
      const overlap = overlapText === undefined ? undefined : Number(overlapText);
      if (overlap !== undefined && (!Number.isInteger(overlap) || overlap < 0 || overlap > 7 * 86_400))
        throw new UsageError('--overlap-seconds must be an integer from 0 to 604800');
      const { destination, secret } = await rotateDestinationSecret(ctx.orm, ctx.secrets.encryptionKey, d.id, overlap);
      return {
        json: { ...destinationJson(destination), signing_secret: secret },
        text: [
          'Signing secret rotated.',
          fields([...destinationFields(destination), ['signing secret', secret]]),
          'The secret is shown only this once.',
        ].join('\n'),
      };
    },
  },
  secret: {
    usage: 'destinations secret <destination_id>',
    summary: 'print the signing secret, and during a rotation overlap the previous one with its end',
    args: ['destination_id'],
    async run(ctx) {
      const d = await find(ctx);
      const { current, previous } = revealSecrets(d, ctx.secrets.decryptionKeys ?? ctx.secrets.encryptionKey);
      const previousJson = previous && { signing_secret: previous.secret, expires_at: previous.expiresAt.toISOString() };
      return {
        json: { id: d.id, signing_secret: current, previous: previousJson },
        text: fields([
          ['destination', d.id],
          ['signing secret', current],
          ...(previousJson
            ? ([['previous secret', `${previousJson.signing_secret} (signs until ${previousJson.expires_at})`]] as [string, string][])
            : []),
        ]),
      };
    },
  },
  test: {
    usage: 'destinations test <destination_id>',
    summary: 'send a signed webhook.test event',
    args: ['destination_id'],
    async run(ctx) {
      const d = await find(ctx);
      const sent = await sendDestinationTestEvent(ctx.orm, await temporalOf(ctx), d);
      return {
        json: { event_id: sent.eventId, delivery_id: sent.deliveryId },
        text: `Test event ${sent.eventId} sent (delivery ${sent.deliveryId}).`,
      };
    },
  },
  recover: {
    usage: 'destinations recover <destination_id> --since TIME',
    summary: 'redeliver every delivery that failed for good, of events since TIME (RFC 3339), as one durable job',
    args: ['destination_id'],
    options: { since: { type: 'string' } },
    async run(ctx) {
      const d = await find(ctx);
      const since = new Date(requiredFlag(ctx.flags, 'since'));
      if (Number.isNaN(since.getTime()) || since.getTime() >= Date.now()) throw new UsageError('--since must be a past RFC 3339 time');
      const r = await startRecovery(ctx.orm, await temporalOf(ctx), {
        accountId: d.accountId,
        environment: testOrLive(d.environment),
        destinationId: d.id,
        since,
      });
      return {
        json: { id: r.id, destination: d.id, status: r.status, count: r.count },
        text: `Recovery ${r.id}: ${r.count} failed deliver${r.count === 1 ? 'y' : 'ies'} of ${d.id} since ${since.toISOString()} ${r.count ? 'being redelivered' : '(nothing to do)'}.`,
      };
    },
  },
  delete: {
    usage: 'destinations delete <destination_id>',
    summary: 'delete a destination and end its pending deliveries (reaches Temporal at TEMPORAL_ADDRESS or the dev server of `npm start`)',
    args: ['destination_id'],
    async run(ctx) {
      const d = await find(ctx);
      if (!ctx.temporal) throw new Failure('no Temporal connection configured');
      const { endedDeliveries } = await deleteDestination(ctx.orm, await ctx.temporal(), d.id);
      return {
        json: { id: d.id, deleted: true, ended_deliveries: endedDeliveries },
        text: `Deleted ${d.id}; ${endedDeliveries} pending deliveries ended.`,
      };
    },
  },
};
