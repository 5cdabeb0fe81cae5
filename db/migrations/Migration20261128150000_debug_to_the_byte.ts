import { Migration } from '@mikro-orm/migrations';

/**
 * Debugging a webhook or an API call without asking the other side:
 * - each public delivery attempt keeps what the receiver answered: its headers (secret-looking values redacted) and
 *   the first 4 KB of its body as received (`response_body`, bytes; `response_truncated` when there was more), written
 *   in the attempt's one insert; the retention sweep clears them 30 days after the attempt;
 * - `api_request_log`: one row per public API request made with a key (or a console login: `console`, with the key
 *   that opened it, or the login's id when the CLI did), written in batches off
 *   the request's path and kept 7 days. Newest first per account (`(account_id, environment, id)`), per key
 *   (`(key_id, id)`); a BRIN index on `created_at` finds what the retention sweep deletes without a btree to maintain
 *   on every insert.
 */
export class Migration20261128150000_debug_to_the_byte extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table public_delivery_attempts
        add column if not exists response_headers jsonb,
        add column if not exists response_body bytea,
        add column if not exists response_truncated boolean not null default false;

      create table if not exists api_request_log (
        id bigserial primary key,
        account_id text not null,
        environment text not null,
        key_id text not null,
        console boolean not null,
        method text not null,
        path text not null,
        status smallint not null,
        request_id text not null,
        latency_ms integer not null,
        created_at timestamptz not null
      );
      create index if not exists api_request_log_account on api_request_log (account_id, environment, id);
      create index if not exists api_request_log_key on api_request_log (key_id, id);
      create index if not exists api_request_log_created on api_request_log using brin (created_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table api_request_log;
      alter table public_delivery_attempts drop column response_headers, drop column response_body, drop column response_truncated;
    `);
  }
}
