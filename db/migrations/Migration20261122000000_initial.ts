import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table partners (
        id text primary key,
        name text not null,
        webhook_url text,
        webhook_secret_enc text not null,
        rate_limit_per_minute integer check (rate_limit_per_minute > 0),
        ip_allowlist text[] not null default '{}',
        created_at timestamptz not null default now()
      );
      create table oauth_clients (
        id text primary key,
        partner_id text not null references partners(id),
        environment text not null check (environment in ('sandbox', 'live')),
        secret_hash text not null,
        created_at timestamptz not null default now(),
        rotated_at timestamptz,
        revoked_at timestamptz
      );
      create index oauth_clients_partner on oauth_clients (partner_id);
      create table signing_keys (
        kid text primary key,
        algorithm text not null,
        private_key_enc text not null,
        public_jwk jsonb not null,
        created_at timestamptz not null default now(),
        retired_at timestamptz
      );
      create table integrator_accounts (
        id text primary key,
        name text not null,
        created_at timestamptz not null default now()
      );
      create table api_keys (
        id text primary key,
        account_id text not null references integrator_accounts(id),
        environment text not null check (environment in ('live', 'test')),
        label text not null,
        scopes text[] not null,
        rate_per_minute integer not null check (rate_per_minute > 0),
        secret_hash text not null,
        last4 text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create index api_keys_account on api_keys (account_id);
      create table bookings (
        id text primary key,
        partner_id text not null references partners(id),
        account_id text references integrator_accounts(id),
        environment text not null check (environment in ('sandbox', 'live')),
        external_id text,
        status text not null,
        vehicle_class text not null,
        market text not null,
        pickup jsonb not null,
        dropoff jsonb not null,
        passenger jsonb not null,
        pickup_at timestamptz not null,
        currency char(3) not null,
        fare jsonb not null,
        fare_total_minor integer not null,
        commission_pct double precision not null default 0,
        free_until timestamptz not null,
        late_cancellation_fee_minor integer not null,
        tracking_token text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index bookings_partner_list on bookings (partner_id, environment, id desc);
      create index bookings_external on bookings (partner_id, environment, external_id);
      create index bookings_account_list on bookings (account_id, environment, id desc);
      create index bookings_account_market on bookings (account_id, environment, market, id desc);
      create table events (
        id text primary key,
        booking_id text not null references bookings(id),
        sequence integer not null,
        type text not null,
        partner_id text not null,
        environment text not null,
        body text not null,
        created_at timestamptz not null default now(),
        unique (booking_id, sequence)
      );
      create table webhook_deliveries (
        id bigserial primary key,
        event_id text not null references events(id),
        url text not null,
        attempt integer not null,
        sent_at timestamptz not null,
        response_status integer,
        duration_ms integer not null,
        error text
      );
      create index webhook_deliveries_event on webhook_deliveries (event_id, attempt);
      create table idempotency_keys (
        credential_id text not null,
        environment text not null,
        key text not null,
        method text not null,
        path text not null,
        fingerprint text not null,
        state text not null check (state in ('in_progress', 'completed', 'failed')),
        recovery_point text,
        response_status integer,
        response_headers jsonb,
        response_body text,
        created_at timestamptz not null default now(),
        primary key (credential_id, environment, key)
      );
      create index idempotency_keys_created on idempotency_keys (created_at);
      -- Counters only: unlogged (no WAL, emptied after a crash), which makes the per-request upsert cheap.
      create unlogged table rate_limit_windows (
        bucket text not null,
        window_start timestamptz not null,
        count integer not null,
        primary key (bucket, window_start)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table rate_limit_windows; drop table idempotency_keys; drop table webhook_deliveries; drop table events;
      drop table bookings; drop table api_keys; drop table integrator_accounts; drop table signing_keys;
      drop table oauth_clients; drop table partners;
    `);
  }
}
