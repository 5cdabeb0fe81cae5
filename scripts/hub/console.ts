import { consoleAccount, createConsoleLink, CLI_CONSOLE_RATE_PER_MINUTE, revokeConsoleLogins } from '../../app/console-logins';
import { fields, Failure, flag, requiredFlag, UsageError, type Command } from './cli';
import { parseScopes } from './keys';

/** Console sign-in for ops (docs/console.md): a one-time link for any account, and ending every login of one. */
export const consoleCommands: Record<string, Command> = {
  link: {
    usage: 'console link --account ID --env test|live [--scopes a,b]',
    summary:
      "a one-time console sign-in link (10 minutes) for an account; its login gets --scopes (within the account's scope ceiling), the whole ceiling when left out",
    options: { account: { type: 'string' }, env: { type: 'string' }, scopes: { type: 'string' } },
    async run({ orm, secrets, flags, publicBaseUrl }) {
      const env = requiredFlag(flags, 'env');
      if (env !== 'test' && env !== 'live') throw new UsageError('--env must be test or live');
      const accountId = requiredFlag(flags, 'account');
      const given = flag(flags, 'scopes');
      const asked = given === undefined ? undefined : parseScopes(given);
      const account = await consoleAccount(orm, accountId);
      if (!account) throw new Failure(`no integrator account ${accountId}`);
      const scopes = asked ?? account.scopeCeiling;
      const beyond = scopes.filter((s) => !account.scopeCeiling.includes(s));
      if (beyond.length) {
        throw new Failure(
          `${beyond.join(', ')} beyond the scope ceiling of ${accountId}; widen it first: hub accounts update ${accountId} --scope-ceiling …`,
        );
      }
      const link = await createConsoleLink(orm, secrets.hashPepper, publicBaseUrl, {
        accountId,
        environment: env,
        scopes,
        ratePerMinute: CLI_CONSOLE_RATE_PER_MINUTE,
        apiKeyId: null,
      });
      return {
        json: {
          object: 'console_link',
          url: link.url,
          expires_at: link.expiresAt.toISOString(),
          account: accountId,
          livemode: env === 'live',
          scopes,
        },
        text: [
          `Console sign-in link for ${account.name} (${accountId}, ${env}):`,
          `  ${link.url}`,
          fields([
            ['expires', link.expiresAt.toISOString()],
            ['scopes', scopes.join(', ')],
          ]),
          'It opens one login, once: hand it to that person only.',
        ].join('\n'),
      };
    },
  },

  revoke: {
    usage: 'console revoke --account ID',
    summary: 'end every console login of an account at once (both environments) and void its unused links',
    options: { account: { type: 'string' } },
    async run({ orm, flags }) {
      const accountId = requiredFlag(flags, 'account');
      if (!(await consoleAccount(orm, accountId))) throw new Failure(`no integrator account ${accountId}`);
      const ended = await revokeConsoleLogins(orm, accountId);
      return {
        json: { account: accountId, ended_logins: ended },
        text: `Ended ${ended} console login${ended === 1 ? '' : 's'} of ${accountId}; its unused links no longer open.`,
      };
    },
  },
};
