import { Migration } from '@mikro-orm/migrations';

/**
 * Credentials that never exceed or outlive the authority they came from (issue 49):
 * - `integrator_accounts.scope_ceiling`: the scopes ops grant an account; no key or console login of it holds more.
 *   An existing account gets the scopes its active keys hold between them, so everything that works today still does,
 *   but a scope none of its keys had is refused; one without an active key gets a new account's default for its kind
 *   (every scope, `passengers.read` only for operators).
 * - `api_keys.expires_at`: an optional end (a roll's overlap sets it on the old key).
 * - `api_keys.created_by_api_key_id` / `created_by_console_login_id`: who made a key through the API, and through which
 *   console login; revoking a key revokes those it made (`db/api-keys.ts`). `rolled_from_api_key_id`: the key a roll replaced.
 * The notification triggers also fire on `expires_at` and `scope_ceiling`, which authentication reads.
 */
export class Migration20261207100000_key_authority extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table integrator_accounts add column scope_ceiling text[];
      update integrator_accounts a set scope_ceiling = coalesce(
        (select array_agg(distinct s order by s) from api_keys k cross join unnest(k.scopes) s
          where k.account_id = a.id and k.revoked_at is null),
        case when a.kind = 'operator'
          then array['bookings.read', 'bookings.write', 'passengers.read', 'invoices.read', 'payments.read', 'payouts.read',
                     'payouts.write', 'fleet.read', 'tracking.read', 'webhooks.manage', 'keys.manage', 'console.open']
          else array['bookings.read', 'bookings.write', 'invoices.read', 'payments.read', 'payouts.read', 'payouts.write',
                     'fleet.read', 'tracking.read', 'webhooks.manage', 'keys.manage', 'console.open']
        end);
      alter table integrator_accounts alter column scope_ceiling set not null;

      alter table api_keys
        add column expires_at timestamptz,
        add column created_by_api_key_id text references api_keys(id),
        add column created_by_console_login_id text,
        add column rolled_from_api_key_id text references api_keys(id);
      create index api_keys_created_by on api_keys (created_by_api_key_id) where created_by_api_key_id is not null;
      create index api_keys_rolled_from on api_keys (rolled_from_api_key_id) where rolled_from_api_key_id is not null;

      drop trigger api_keys_notify_changed on api_keys;
      create trigger api_keys_notify_changed
        after update of revoked_at, expires_at, scopes, rate_per_minute, environment, secret_hash, account_id or delete or truncate
        on api_keys for each statement execute function notify_credentials_changed();
      drop trigger integrator_accounts_notify_changed on integrator_accounts;
      create trigger integrator_accounts_notify_changed after update of kind, scope_ceiling or delete or truncate on integrator_accounts
        for each statement execute function notify_credentials_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger integrator_accounts_notify_changed on integrator_accounts;
      create trigger integrator_accounts_notify_changed after update of kind or delete or truncate on integrator_accounts
        for each statement execute function notify_credentials_changed();
      drop trigger api_keys_notify_changed on api_keys;
      create trigger api_keys_notify_changed
        after update of revoked_at, scopes, rate_per_minute, environment, secret_hash, account_id or delete or truncate on api_keys
        for each statement execute function notify_credentials_changed();
      drop index api_keys_rolled_from;
      drop index api_keys_created_by;
      alter table api_keys drop column rolled_from_api_key_id, drop column created_by_console_login_id,
        drop column created_by_api_key_id, drop column expires_at;
      alter table integrator_accounts drop column scope_ceiling;
    `);
  }
}
