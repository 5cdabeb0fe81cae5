import { NotFoundError } from '@mikro-orm/core';
import { cidrList } from '../../api/auth/client-address';
import { IntegratorAccountSchema, PartnerSchema, PartnerWebhookEndpointSchema, type Partner } from '../../db/entities';
import { createPartner, updatePartner } from '../../app/accounts';
import { addCommissionTerm, CommissionRefusal, commissionTerms } from '../../app/partner-commission';
import { commissionBasisPointsAt } from '../../domain/partner-commission';
import { toInstant } from '../../domain/pricing';
import { partnerEndpoint, sendPartnerTestEvent, rotateWebhookSecret, setWebhookUrl } from '../../app/partner-endpoints';
import { urlProblem } from '../../infra/safe-http';
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
  type Context,
  type Flags,
} from './cli';
import { ENVIRONMENTS, environmentOf, type Environment } from '../../domain/environment';

/** `--env sandbox|live`, or both when `bothByDefault` and the flag is absent. */
function environments(flags: Flags, bothByDefault: boolean): Environment[] {
  const env = flag(flags, 'env');
  if (env === undefined && bothByDefault) return [...ENVIRONMENTS];
  if (env !== 'sandbox' && env !== 'live') throw new UsageError('--env must be sandbox or live');
  return [env];
}

/** The webhook URL for these environments under the one SSRF rule (infra/safe-http.ts). */
function parseWebhookUrl(value: string, envs: readonly Environment[], devTargets: boolean): string {
  for (const env of envs) {
    const problem = urlProblem(value, { livemode: env === 'live', devTargets });
    if (problem) throw new UsageError(`--webhook-url ${problem} (${env})`);
  }
  return value;
}

/** Each partner's endpoint URLs by environment. */
async function endpointUrls(orm: Context['orm'], partnerIds: string[]) {
  const rows = await orm.em.fork().find(PartnerWebhookEndpointSchema, { partnerId: { $in: partnerIds } });
  const urls = new Map<string, Record<Environment, string | null>>();
  for (const r of rows)
    urls.set(r.partnerId, { ...(urls.get(r.partnerId) ?? { sandbox: null, live: null }), [r.environment]: r.url ?? null });
  return (partnerId: string) => urls.get(partnerId) ?? { sandbox: null, live: null };
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

function partnerJson(p: Partner, urls: Record<Environment, string | null>) {
  return {
    partner_id: p.id,
    name: p.name,
    webhook_urls: urls,
    rate_limit_per_minute: p.rateLimitPerMinute ?? null,
    ip_allowlist: p.ipAllowlist,
    account_id: p.accountId ?? null,
    created_at: isoOrNull(p.createdAt),
  };
}

function partnerFields(p: Partner, urls: Record<Environment, string | null>): [string, string][] {
  return [
    ['partner', p.id],
    ['name', p.name],
    ['sandbox webhook URL', urls.sandbox ?? '(none)'],
    ['live webhook URL', urls.live ?? '(none)'],
    ['rate limit', p.rateLimitPerMinute ? `${p.rateLimitPerMinute}/min` : 'default'],
    ['IP allowlist', p.ipAllowlist.length ? p.ipAllowlist.join(', ') : 'any'],
  ];
}

/** `--bps N` or `--pct P` (at most two decimals) as basis points, or undefined with neither. */
function commissionFlag(flags: Flags): number | undefined {
  const bps = flag(flags, 'bps');
  const pct = flag(flags, 'pct');
  if (bps !== undefined && pct !== undefined) throw new UsageError('--bps and --pct exclude each other');
  if (bps !== undefined) {
    if (!/^\d{1,5}$/.test(bps) || Number(bps) > 10_000) throw new UsageError('--bps must be whole basis points from 0 to 10000');
    return Number(bps);
  }
  if (pct !== undefined) {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(pct) || Number(pct) > 100) throw new UsageError('--pct must be 0 to 100 with at most two decimals');
    return Math.round(Number(pct) * 100);
  }
  return undefined;
}

function fromFlag(flags: Flags, now: Date): Date {
  const from = flag(flags, 'from');
  try {
    return from === undefined ? now : toInstant(from, '--from');
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** Mutually exclusive `--x` / `--no-x` style pairs. */
function either(flags: Flags, set: string, unset: string): 'set' | 'unset' | undefined {
  if (flags[set] !== undefined && flags[unset]) throw new UsageError(`--${set} and --${unset} exclude each other`);
  return flags[set] !== undefined ? 'set' : flags[unset] ? 'unset' : undefined;
}

export const partnerCommands: Record<string, Command> = {
  create: {
    usage: 'partners create --name N [--webhook-url U] [--rate-limit N] [--ip-allow CIDR,CIDR]',
    summary:
      'create a partner with a sandbox and a live OAuth client and webhook endpoint (--webhook-url sets both); prints their secrets once',
    options: {
      name: { type: 'string' },
      'webhook-url': { type: 'string' },
      'rate-limit': { type: 'string' },
      'ip-allow': { type: 'string' },
    },
    async run({ orm, secrets, flags, devWebhookTargets }) {
      const url = flag(flags, 'webhook-url');
      const rate = flag(flags, 'rate-limit');
      const ips = flag(flags, 'ip-allow');
      // A development hub takes a loopback URL for the sandbox endpoint; the live one never does (docs/security.md).
      const liveProblem = url === undefined ? null : urlProblem(url, { livemode: true, devTargets: devWebhookTargets });
      const sandboxOnly = url !== undefined && liveProblem !== null && devWebhookTargets;
      const created = await createPartner(orm, secrets, {
        name: requiredFlag(flags, 'name'),
        webhookUrl: url === undefined ? undefined : parseWebhookUrl(url, sandboxOnly ? ['sandbox'] : ENVIRONMENTS, devWebhookTargets),
        ...(sandboxOnly ? { liveWebhookUrl: null } : {}),
        rateLimitPerMinute: rate === undefined ? undefined : positiveInt(rate, 'rate-limit'),
        ipAllowlist: ips === undefined ? undefined : parseIpAllowlist(ips),
      });
      const partner = await orm.em.fork().findOneOrFail(PartnerSchema, { id: created.partnerId });
      const clients = created.clients.map((c) => ({ environment: c.environment, client_id: c.clientId, client_secret: c.clientSecret }));
      const urls = created.webhookUrls;
      const liveNote = sandboxOnly
        ? `The live webhook endpoint is left unset: a live endpoint needs a public https URL (this one ${liveProblem}). Set it with partners update ${partner.id} --env live --webhook-url https://…`
        : null;
      return {
        json: {
          ...partnerJson(partner, urls),
          webhook_secrets: created.webhookSecrets,
          clients,
          ...(liveNote ? { notes: [liveNote] } : {}),
        },
        text: [
          `Partner created.`,
          fields([
            ...partnerFields(partner, urls),
            ['sandbox webhook secret', created.webhookSecrets.sandbox],
            ['live webhook secret', created.webhookSecrets.live],
            ...clients.flatMap((c): [string, string][] => [
              [`${c.environment} client_id`, c.client_id],
              [`${c.environment} client_secret`, c.client_secret],
            ]),
          ]),
          ...(liveNote ? [liveNote] : []),
          'The webhook secrets and the client secrets are shown only this once: store them now.',
        ].join('\n'),
      };
    },
  },

  list: {
    usage: 'partners list',
    summary: 'list partners',
    async run({ orm }) {
      const partners = await orm.em.fork().find(PartnerSchema, {}, { orderBy: { createdAt: 'asc' } });
      const urls = await endpointUrls(
        orm,
        partners.map((p) => p.id),
      );
      return {
        json: partners.map((p) => partnerJson(p, urls(p.id))),
        text: table(
          ['ID', 'NAME', 'SANDBOX WEBHOOK URL', 'LIVE WEBHOOK URL', 'RATE LIMIT', 'IP ALLOWLIST', 'CREATED'],
          partners.map((p) => [
            p.id,
            p.name,
            urls(p.id).sandbox ?? '-',
            urls(p.id).live ?? '-',
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
      'partners update <partner_id> [--webhook-url U|--no-webhook-url] [--env sandbox|live] [--rate-limit N|--default-rate-limit] [--ip-allow CIDR,CIDR|--no-ip-allow] [--account ACCT|--no-account]',
    summary:
      "change a partner's webhook URL (of --env, both without it), rate limit, IP allowlist or the integrator account that sees its bookings",
    args: ['partner_id'],
    options: {
      'webhook-url': { type: 'string' },
      'no-webhook-url': { type: 'boolean' },
      env: { type: 'string' },
      'rate-limit': { type: 'string' },
      'default-rate-limit': { type: 'boolean' },
      'ip-allow': { type: 'string' },
      'no-ip-allow': { type: 'boolean' },
      account: { type: 'string' },
      'no-account': { type: 'boolean' },
    },
    async run({ orm, flags, args: [partnerId], devWebhookTargets }) {
      const changes: Parameters<typeof updatePartner>[2] = {};
      const url = either(flags, 'webhook-url', 'no-webhook-url');
      const envs = environments(flags, true);
      const newUrl = url === 'set' ? parseWebhookUrl(flag(flags, 'webhook-url')!, envs, devWebhookTargets) : null;
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
      if (!Object.keys(changes).length && !url) throw new UsageError('nothing to change');
      const partner = await updatePartner(orm, partnerId!, changes).catch((err) => {
        throw err instanceof NotFoundError ? new Failure(`no partner ${partnerId}`) : err;
      });
      if (url) for (const env of envs) await setWebhookUrl(orm, partner.id, env, newUrl);
      const urls = (await endpointUrls(orm, [partner.id]))(partner.id);
      return { json: partnerJson(partner, urls), text: `Partner updated.\n${fields(partnerFields(partner, urls))}` };
    },
  },

  commission: {
    usage: 'partners commission <partner_id> [--bps N | --pct P] [--from ISO]',
    summary:
      "show a partner's contractual commission terms, or add one: --bps (basis points) or --pct of the net fare, from --from (default now; never in the past)",
    args: ['partner_id'],
    options: { bps: { type: 'string' }, pct: { type: 'string' }, from: { type: 'string' } },
    async run({ orm, flags, args: [partnerId] }) {
      await orm.em
        .fork()
        .findOneOrFail(PartnerSchema, { id: partnerId! })
        .catch(() => {
          throw new Failure(`no partner ${partnerId}`);
        });
      const basisPoints = commissionFlag(flags);
      if (basisPoints === undefined && flag(flags, 'from') !== undefined) throw new UsageError('--from needs --bps or --pct');
      const now = new Date();
      const added =
        basisPoints === undefined
          ? null
          : await addCommissionTerm(orm, { partnerId: partnerId!, basisPoints, validFrom: fromFlag(flags, now), now }).catch((err) => {
              throw err instanceof CommissionRefusal ? new Failure(err.message) : err;
            });
      const terms = added?.terms ?? (await commissionTerms(orm, partnerId!));
      const inForce = commissionBasisPointsAt(terms, now);
      return {
        json: { partner_id: partnerId, basis_points_in_force: inForce, terms },
        text: [
          added ? 'Commission term added.' : `Commission of ${partnerId}.`,
          fields([['in force now', `${inForce} bps (${inForce / 100} % of the net fare)`]]),
          terms.length
            ? table(
                ['FROM', 'BPS', 'PERCENT'],
                terms.map((t) => [t.valid_from, String(t.basis_points), `${t.basis_points / 100} %`]),
              )
            : '(no terms: no commission)',
        ].join('\n'),
      };
    },
  },

  'rotate-webhook-secret': {
    usage: 'partners rotate-webhook-secret <partner_id> --env sandbox|live',
    summary: "replace the webhook signing secret (phsec_…) of a partner's endpoint; the old one signs beside it for 24 h; prints it once",
    args: ['partner_id'],
    options: { env: { type: 'string' } },
    async run({ orm, secrets, flags, args: [partnerId] }) {
      const [environment] = environments(flags, false);
      await orm.em
        .fork()
        .findOneOrFail(PartnerSchema, { id: partnerId! })
        .catch(() => {
          throw new Failure(`no partner ${partnerId}`);
        });
      const rotated = await rotateWebhookSecret(orm, secrets, partnerId!, environment!);
      const until = rotated.previousSecretExpiresAt.toISOString();
      return {
        json: { partner_id: partnerId, environment, webhook_secret: rotated.secret, previous_secret_expires_at: until },
        text: `Webhook secret rotated.\n${fields([
          ['partner', partnerId!],
          ['environment', environment!],
          ['webhook secret', rotated.secret],
          ['previous secret signs until', until],
        ])}\nThe secret is shown only this once; deliveries carry both signatures until the previous secret expires.`,
      };
    },
  },

  'test-webhook': {
    usage: 'partners test-webhook <partner_id> [--live]',
    summary: "send a signed webhook.test event to the partner's webhook URL (needs Temporal: TEMPORAL_ADDRESS or `npm start`)",
    args: ['partner_id'],
    options: { live: { type: 'boolean' } },
    async run({ orm, flags, args: [partnerId], temporal }) {
      await orm.em
        .fork()
        .findOneOrFail(PartnerSchema, { id: partnerId! })
        .catch(() => {
          throw new Failure(`no partner ${partnerId}`);
        });
      const environment = environmentOf(Boolean(flags.live));
      const noUrl = () => new Failure(`partner ${partnerId} has no ${environment} webhook URL; set one with partners update --webhook-url`);
      if (!(await partnerEndpoint(orm, partnerId!, environment)).url) throw noUrl();
      if (!temporal) throw new Failure('no Temporal connection configured');
      const event = await sendPartnerTestEvent({ orm, temporal: await temporal() }, partnerId!, environment);
      if (!event) throw noUrl();
      const { workflowId } = event;
      return {
        json: { event_id: event.eventId, event: 'webhook.test', url: event.url },
        text: `Test event queued.\n${fields([
          ['event', event.eventId],
          ['url', event.url],
          ['workflow', workflowId],
        ])}`,
      };
    },
  },
};
