import { Migration } from '@mikro-orm/migrations';

/**
 * Console logins (docs/console.md): one-time sign-in links and the browser sessions they open, each stored by the
 * peppered hash of its token only; demo API keys marked as such; a notification per delivery attempt so the
 * deliveries page can follow new attempts live; an index for a destination's delivery statistics; and the recoveries of failed deliveries since a time.
 */
export class Migration20261126080000_console_logins extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table console_links (
        token_hash text primary key,
        id text not null unique,
        account_id text not null references integrator_accounts(id),
        environment text not null check (environment in ('live', 'test')),
        scopes text[] not null,
        rate_per_minute integer not null,
        api_key_id text references api_keys(id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index console_links_expires on console_links (expires_at);

      create table console_sessions (
        id text primary key,
        token_hash text not null unique,
        link_id text not null unique,
        account_id text not null references integrator_accounts(id),
        environment text not null check (environment in ('live', 'test')),
        scopes text[] not null,
        rate_per_minute integer not null,
        api_key_id text references api_keys(id),
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        ended_reason text
      );
      create index console_sessions_open on console_sessions (account_id) where ended_at is null;
      create index console_sessions_expires on console_sessions (expires_at);

      alter table api_keys add column demo boolean not null default false;
      update api_keys set demo = true where label in ('demo read-only', 'demo operator read-only');
      alter table api_keys add constraint api_keys_demo_read_only
        check (not demo or scopes <@ array['bookings.read', 'invoices.read', 'payments.read', 'fleet.read', 'tracking.read']::text[]);

      create index public_deliveries_destination_created on public_deliveries (destination_id, created_at);

      create table webhook_recoveries (
        id text primary key,
        account_id text not null,
        environment text not null check (environment in ('live', 'test')),
        destination_id text not null references webhook_destinations(id),
        since timestamptz not null,
        until timestamptz not null,
        status text not null check (status in ('running', 'completed')),
        count integer not null,
        redelivered integer not null default 0,
        created_at timestamptz not null,
        completed_at timestamptz
      );

      create function notify_delivery_attempt() returns trigger language plpgsql as $$
      begin
        perform pg_notify('delivery_attempted', new.account_id || ':' || new.environment);
        return null;
      end $$;
      create trigger public_delivery_attempts_notify after insert on public_delivery_attempts
        for each row execute function notify_delivery_attempt();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger public_delivery_attempts_notify on public_delivery_attempts;
      drop function notify_delivery_attempt();
      drop index public_deliveries_destination_created;
      drop table webhook_recoveries;
      alter table api_keys drop constraint api_keys_demo_read_only;
      alter table api_keys drop column demo;
      drop table console_sessions;
      drop table console_links;
    `);
  }
}
