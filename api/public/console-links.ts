import { z } from 'zod';
import { consoleAccount, createConsoleLink } from '../../app/console-logins';
import { scopesBeyond } from '../../domain/console-login';
import { API_KEY_SCOPES } from '../../infra/scopes';
import { consoleNow } from '../auth/console-session';
import { insufficientScope } from '../auth/api-key-auth';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';
import { requireAccountKind } from './account-kind';

const AccountId = z.string().regex(/^acct_[0-9a-hjkmnp-tv-z]{26}$/, 'expected an account id (acct_…)');

const CreateConsoleLinkBody = z
  .object({
    account: AccountId.optional().meta({
      description:
        "The account the console opens on; the key's own when left out. Only an operator key may name another account, and then must send `scopes`.",
    }),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).optional().meta({
      description:
        "What the login may do: some of the key's own scopes, never more, and within the account's scope ceiling. Left out: all of the key's (required for another account).",
    }),
  })
  .strict()
  .meta({ id: 'CreateConsoleLink' });

const ConsoleLinkSchema = z
  .object({
    object: z.literal('console_link'),
    url: z.string().meta({ description: 'Open it in a browser once, within 10 minutes: it signs into the console.' }),
    expires_at: z.string(),
    account: z.string(),
    livemode: z.boolean(),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'ConsoleLink' });

export const createConsoleLinkOperation = defineOperation({
  operationId: 'createConsoleLink',
  method: 'post',
  path: '/api/public/v1/console-links',
  summary: 'Create a one-time sign-in link to the web console',
  description:
    "A URL that signs a browser into the console once, within 10 minutes, for the key's environment and its own account " +
    '(an operator key may name another, to embed the console in its own customer portal, and must then name the `scopes`). ' +
    'The login gets the scopes of the key, or the subset asked for, never more, and never beyond the scope ceiling ops set ' +
    'for the account (`403 insufficient_scope` naming the others); it ends after an hour idle, after 12 hours, on sign-out, when ops revoke ' +
    "the account's logins, or when this key is revoked or expires. A key made through the login is bounded by it and is revoked with this key. Asked for by a console login, the link and the login it opens end " +
    'no later than that login. Opening the URL shows a page naming the account and environment; its Sign in button ' +
    '(a same-origin POST) uses the link, so mail scanners and link previews leave it unused. Hand the URL to the person ' +
    'only: it is as good as their login.',
  tags: ['Console'],
  security: { kind: 'apiKey', scope: 'console.open' },
  request: { body: CreateConsoleLinkBody, bodyExample: { scopes: ['bookings.read', 'webhooks.manage'] }, bodyOptional: true },
  responses: { 201: { description: 'The link; it is shown this once.', schema: ConsoleLinkSchema } },
  errors: ['invalid_api_key', 'insufficient_scope', 'account_kind_forbidden', 'not_found', 'validation_failed', 'rate_limited'],
  async handler({ body, principal, deps, ctx }) {
    // The body may be left out, but one that is sent is an object (JSON `null` is not).
    if (ctx.request.parsedBody === null) {
      const detail = 'The body, when sent, is a JSON object.';
      throw new ProblemError('validation_failed', { detail, errors: [{ param: 'body', code: 'invalid_type', detail }] });
    }
    const accountId = body.account ?? principal.ownerId;
    const foreign = accountId !== principal.ownerId;
    if (foreign) requireAccountKind(principal, 'operator', 'A console link for another account');
    const account = await consoleAccount(deps.orm, accountId);
    if (!account) throw new ProblemError('not_found', { detail: `No account ${accountId}.`, param: 'account' });
    if (foreign && !body.scopes) {
      // Another account's login gets what the operator names, never all its key holds by default.
      const detail = 'A console link for another account names its scopes: the fewest that account needs.';
      throw new ProblemError('validation_failed', { detail, param: 'scopes', errors: [{ param: 'scopes', code: 'required', detail }] });
    }
    const scopes = body.scopes ?? principal.scopes;
    const beyond = scopesBeyond(scopes, principal.scopes);
    if (beyond.length) throw insufficientScope(beyond);
    const beyondCeiling = scopesBeyond(scopes, account.scopeCeiling);
    if (beyondCeiling.length) {
      throw insufficientScope(
        beyondCeiling,
        `The scope ceiling of ${accountId} does not grant ${beyondCeiling.join(', ')}: ops set it (hub accounts update --scope-ceiling).`,
      );
    }
    const link = await createConsoleLink(
      deps.orm,
      deps.hashPepper,
      deps.publicBaseUrl,
      {
        accountId,
        environment: principal.livemode ? 'live' : 'test',
        scopes: [...new Set(scopes)],
        ratePerMinute: principal.rateLimitPerMinute,
        apiKeyId: principal.console ? principal.console.apiKeyId : principal.credentialId,
        // A login asking for a link: the login it opens ends no later than this one (a login cannot extend itself).
        notAfter: principal.console?.expiresAt ?? null,
      },
      consoleNow(deps),
    );
    ctx.set('Cache-Control', 'no-store');
    return {
      status: 201,
      body: {
        object: 'console_link',
        url: link.url,
        expires_at: link.expiresAt.toISOString(),
        account: link.accountId,
        livemode: link.environment === 'live',
        scopes: link.scopes,
      },
    };
  },
});
