import { NotFoundError } from '@mikro-orm/core';
import { z } from 'zod';
import { cidrList } from '../../api/auth/client-address';
import { IntegratorAccountSchema, PartnerSchema, type Partner } from '../../db/entities';
import { createPartner, recordTestEvent, rotateWebhookSecret, updatePartner } from '../../app/accounts';
import { partnerWebhookWorkflowId, WEBHOOKS_TASK_QUEUE } from '../../contracts/partner-webhook';
import {
  commaList,
  fields,
  Failure,
  flag,
  isoOrNull,
  positiveInt,
  requiredFlag,
  table,
  UsageError,
  when,
  type Command,
  type Flags,
} from './cli';

const webhookUrl = z.url({ protocol: /^https?$/ });

function parseWebhookUrl(value: string): string {
  if (!webhookUrl.safeParse(value).success) throw new UsageError('--webhook-url must be an http(s) URL');
  return value;
}

function parseIpAllowlist(value: string): string[] {
  const entries = commaList(value);
  try {
    // cidrList would read a bare trailing '/' as /0 (allow everything): insist on digits.
    if (entries.some((e) => !/^[^/]+(\/\d{1,3})?$/.test(e))) throw new Error('expected IP or IP/prefix');
    cidrList(entries);
  } catch (err) {
    throw new UsageError(`--ip-allow: ${(err as Error).message}`);
  }
  return entries;
}

function partnerJson(p: Partner) {
  return {
    partner_id: p.id,
    name: p.name,
    webhook_url: p.webhookUrl ?? null,
    rate_limit_per_minute: p.rateLimitPerMinute ?? null,
    ip_allowlist: p.ipAllowlist,
    account_id: p.accountId ?? null,
    created_at: isoOrNull(p.createdAt),
  };
}

function partnerFields(p: Partner): [string, string][] {
  return [
    ['partner', p.id],
    ['name', p.name],
    ['webhook URL', p.webhookUrl ?? '(none)'],
    ['rate limit', p.rateLimitPerMinute ? `${p.rateLimitPerMinute}/min` : 'default'],
    ['IP allowlist', p.ipAllowlist.length ? p.ipAllowlist.join(', ') : 'any'],
  ];
}

/** Mutually exclusive `--x` / `--no-x` style pairs. */
function either(flags: Flags, set: string, unset: string): 'set' | 'unset' | undefined {
  if (flags[set] !== undefined && flags[unset]) throw new UsageError(`--${set} and --${unset} exclude each other`);
  return flags[set] !== undefined ? 'set' : flags[unset] ? 'unset' : undefined;
}

export const partnerCommands: Record<string, Command> = {
  create: {
    usage: 'partners create --name N [--webhook-url U] [--rate-limit N] [--ip-allow CIDR,CIDR]',
    summary: 'create a partner with a sandbox and a live OAuth client; prints their secrets once',
    options: {
      name: { type: 'string' },
      'webhook-url': { type: 'string' },
      'rate-limit': { type: 'string' },
      'ip-allow': { type: 'string' },
    },
    async run({ orm, secrets, flags }) {
      const url = flag(flags, 'webhook-url');
      const rate = flag(flags, 'rate-limit');
      const ips = flag(flags, 'ip-allow');
      const created = await createPartner(orm, secrets, {
        name: requiredFlag(flags, 'name'),
        webhookUrl: url === undefined ? undefined : parseWebhookUrl(url),
        rateLimitPerMinute: rate === undefined ? undefined : positiveInt(rate, 'rate-limit'),
        ipAllowlist: ips === undefined ? undefined : parseIpAllowlist(ips),
      });
      const partner = await orm.em.fork().findOneOrFail(PartnerSchema, { id: created.partnerId });
      const clients = created.clients.map((c) => ({ environment: c.environment, client_id: c.clientId, client_secret: c.clientSecret }));
      return {
        json: { ...partnerJson(partner), webhook_secret: created.webhookSecret, clients },
        text: [
          `Partner created.`,
          fields([
            ...partnerFields(partner),
            ['webhook secret', created.webhookSecret],
            ...clients.flatMap((c): [string, string][] => [
              [`${c.environment} client_id`, c.client_id],
              [`${c.environment} client_secret`, c.client_secret],
            ]),
          ]),
          'The webhook secret and the client secrets are shown only this once: store them now.',
        ].join('\n'),
      };
    },
  },

  list: {
    usage: 'partners list',
    summary: 'list partners',
    async run({ orm }) {
      const partners = await orm.em.fork().find(PartnerSchema, {}, { orderBy: { createdAt: 'asc' } });
      return {
        json: partners.map(partnerJson),
        text: table(
          ['ID', 'NAME', 'WEBHOOK URL', 'RATE LIMIT', 'IP ALLOWLIST', 'CREATED'],
          partners.map((p) => [
            p.id,
            p.name,
            p.webhookUrl ?? '-',
            p.rateLimitPerMinute ? `${p.rateLimitPerMinute}/min` : 'default',
            p.ipAllowlist.join(',') || 'any',
            when(p.createdAt),
          ]),
        ),
      };
    },
  },

  update: {
    usage:
      'partners update <partner_id> [--webhook-url U|--no-webhook-url] [--rate-limit N|--default-rate-limit] [--ip-allow CIDR,CIDR|--no-ip-allow] [--account ACCT|--no-account]',
    summary: "change a partner's webhook URL, rate limit, IP allowlist or the integrator account that sees its bookings",
    args: ['partner_id'],
    options: {
      'webhook-url': { type: 'string' },
      'no-webhook-url': { type: 'boolean' },
      'rate-limit': { type: 'string' },
      'default-rate-limit': { type: 'boolean' },
      'ip-allow': { type: 'string' },
      'no-ip-allow': { type: 'boolean' },
      account: { type: 'string' },
      'no-account': { type: 'boolean' },
    },
    async run({ orm, flags, args: [partnerId] }) {
      const changes: Parameters<typeof updatePartner>[2] = {};
      const url = either(flags, 'webhook-url', 'no-webhook-url');
      if (url) changes.webhookUrl = url === 'set' ? parseWebhookUrl(flag(flags, 'webhook-url')!) : null;
      const rate = either(flags, 'rate-limit', 'default-rate-limit');
      if (rate) changes.rateLimitPerMinute = rate === 'set' ? positiveInt(flag(flags, 'rate-limit')!, 'rate-limit') : null;
      const ips = either(flags, 'ip-allow', 'no-ip-allow');
      if (ips) changes.ipAllowlist = ips === 'set' ? parseIpAllowlist(flag(flags, 'ip-allow')!) : [];
      const account = either(flags, 'account', 'no-account');
      if (account) {
        const accountId = flag(flags, 'account');
        if (account === 'set' && !(await orm.em.fork().findOne(IntegratorAccountSchema, { id: accountId! }))) {
          throw new Failure(`no integrator account ${accountId}`);
        }
        changes.accountId = account === 'set' ? accountId! : null;
      }
      if (!Object.keys(changes).length) throw new UsageError('nothing to change');
      const partner = await updatePartner(orm, partnerId!, changes).catch((err) => {
        throw err instanceof NotFoundError ? new Failure(`no partner ${partnerId}`) : err;
      });
      return { json: partnerJson(partner), text: `Partner updated.\n${fields(partnerFields(partner))}` };
    },
  },

  'rotate-webhook-secret': {
    usage: 'partners rotate-webhook-secret <partner_id>',
    summary: "replace a partner's webhook signing secret (phsec_…); prints it once",
    args: ['partner_id'],
    async run({ orm, secrets, args: [partnerId] }) {
      await orm.em
        .fork()
        .findOneOrFail(PartnerSchema, { id: partnerId! })
        .catch(() => {
          throw new Failure(`no partner ${partnerId}`);
        });
      const secret = await rotateWebhookSecret(orm, secrets, partnerId!);
      return {
        json: { partner_id: partnerId, webhook_secret: secret },
        text: `Webhook secret rotated.\n${fields([
          ['partner', partnerId!],
          ['webhook secret', secret],
        ])}\nThe secret is shown only this once; deliveries are signed with it from now on.`,
      };
    },
  },

  'test-webhook': {
    usage: 'partners test-webhook <partner_id> [--live]',
    summary: "send a signed webhook.test event to the partner's webhook URL (needs Temporal: TEMPORAL_ADDRESS or `npm start`)",
    args: ['partner_id'],
    options: { live: { type: 'boolean' } },
    async run({ orm, flags, args: [partnerId], temporal }) {
      const partner = await orm.em
        .fork()
        .findOneOrFail(PartnerSchema, { id: partnerId! })
        .catch(() => {
          throw new Failure(`no partner ${partnerId}`);
        });
      if (!partner.webhookUrl) throw new Failure(`partner ${partnerId} has no webhook URL; set one with partners update --webhook-url`);
      if (!temporal) throw new Failure('no Temporal connection configured');
      const client = await temporal();
      const event = await recordTestEvent(orm, partnerId!, flags.live ? 'live' : 'sandbox');
      if (!event) throw new Failure(`partner ${partnerId} has no webhook URL`);
      await client.workflow.start('partnerWebhookWorkflow', {
        workflowId: partnerWebhookWorkflowId(event.eventId),
        taskQueue: WEBHOOKS_TASK_QUEUE,
        args: [{ eventId: event.eventId }],
        memo: { partnerId, eventType: 'webhook.test' },
      });
      return {
        json: { event_id: event.eventId, event: 'webhook.test', url: event.url },
        text: `Test event queued.\n${fields([
          ['event', event.eventId],
          ['url', event.url],
          ['workflow', partnerWebhookWorkflowId(event.eventId)],
        ])}`,
      };
    },
  },
};
