import { Migration } from '@mikro-orm/migrations';

/**
 * Public webhooks: destinations an integrator configures (signing secrets encrypted, a previous secret kept for a
 * rotation's overlap), public events stored once with their exact envelope, one delivery per event and destination
 * (`dlv_`, stable across retries) and one log row per attempt.
 */
export class Migration20261122130000_public_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_destinations (
        id text primary key,
        account_id text not null references integrator_accounts(id),
        environment text not null check (environment in ('live', 'test')),
        url text not null,
        description text,
        event_types text[] not null,
        secret_enc text not null,
        secret_last4 text not null,
        previous_secret_enc text,
        previous_secret_expires_at timestamptz,
        status text not null default 'active' check (status in ('active', 'paused')),
        paused_reason text,
        paused_since timestamptz,
        failing_since timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz
      );
      create index webhook_destinations_account on webhook_destinations (account_id, environment, id) where deleted_at is null;

      create table public_events (
        id text primary key,
        account_id text not null,
        environment text not null check (environment in ('live', 'test')),
        type text not null,
        dedupe_key text not null,
        body text not null,
        created_at timestamptz not null,
        unique (account_id, environment, dedupe_key)
      );

      create table public_deliveries (
        id text primary key,
        event_id text not null references public_events(id),
        destination_id text not null references webhook_destinations(id),
        state text not null check (state in ('pending', 'parked', 'delivered', 'failed')),
        attempts integer not null default 0,
        last_status integer,
        last_error text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index public_deliveries_parked on public_deliveries (destination_id, event_id) where state = 'parked';
      create index public_deliveries_event on public_deliveries (event_id);

      create table public_delivery_attempts (
        id bigserial primary key,
        delivery_id text not null references public_deliveries(id),
        event_id text not null,
        event_type text not null,
        destination_id text not null,
        account_id text not null,
        environment text not null,
        url text not null,
        attempt integer not null,
        sent_at timestamptz not null,
        duration_ms integer not null,
        response_status integer,
        error text,
        succeeded boolean not null
      );
      create index public_delivery_attempts_destination on public_delivery_attempts (destination_id, id);
      create index public_delivery_attempts_account on public_delivery_attempts (account_id, environment, id);
      create index public_delivery_attempts_event on public_delivery_attempts (event_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table public_delivery_attempts;
      drop table public_deliveries;
      drop table public_events;
      drop table webhook_destinations;
    `);
  }
}
