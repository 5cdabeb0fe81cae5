import { Migration } from '@mikro-orm/migrations';

/**
 * `credentials_changed` on any change of an OAuth client or a partner (revocation, allow-list, rate limit), so that
 * the API processes, which keep each client's standing, forget it at once (api/auth/credential-standing.ts). One
 * notification per statement: the processes forget every client, and such changes are rare.
 */
export class Migration20261123000000_notify_credentials extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function notify_credentials_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('credentials_changed', tg_table_name);
        return null;
      end $$;
      create trigger oauth_clients_notify_changed after update or delete or truncate on oauth_clients
        for each statement execute function notify_credentials_changed();
      create trigger partners_notify_changed after update or delete or truncate on partners
        for each statement execute function notify_credentials_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger partners_notify_changed on partners;
      drop trigger oauth_clients_notify_changed on oauth_clients;
      drop function notify_credentials_changed();
    `);
  }
}
