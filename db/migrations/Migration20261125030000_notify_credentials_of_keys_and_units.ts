import { Migration } from '@mikro-orm/migrations';

/**
 * `credentials_changed` also on a change of an API key or its account that authentication reads (revocation, scopes,
 * rate, the account's kind) and of a unit's driver credential, so that the API processes, which keep each credential's
 * standing, forget it at once (api/auth/credential-standing.ts). Writing a key's `last_used_at` (once a minute per
 * key) or a unit's position and state (every few seconds) does not notify.
 */
export class Migration20261125030000_notify_credentials_of_keys_and_units extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create trigger api_keys_notify_changed
        after update of revoked_at, scopes, rate_per_minute, environment, secret_hash, account_id or delete or truncate on api_keys
        for each statement execute function notify_credentials_changed();
      create trigger integrator_accounts_notify_changed after update of kind or delete or truncate on integrator_accounts
        for each statement execute function notify_credentials_changed();
      create trigger fleet_units_notify_credential_changed
        after update of driver_credential_id, driver_credential_hash or delete or truncate on fleet_units
        for each statement execute function notify_credentials_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger fleet_units_notify_credential_changed on fleet_units;
      drop trigger integrator_accounts_notify_changed on integrator_accounts;
      drop trigger api_keys_notify_changed on api_keys;
    `);
  }
}
