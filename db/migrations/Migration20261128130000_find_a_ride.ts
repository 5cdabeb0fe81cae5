import { Migration } from '@mikro-orm/migrations';

/**
 * Finding a ride (issue 40): the indexes of the public bookings list's new filters and sorts, and the record of every
 * read of passenger data.
 *
 * - `hub_fold(text)`: lower case without diacritics ("Zoë Ångström" → "zoe angstrom"), by `translate`, so it is
 *   immutable and indexable (`unaccent` is not, and needs its dictionary).
 * - Passenger names are searched by any part ("lovelace" finds "Ada Lovelace"): only a trigram index serves a
 *   `like '%…%'`; `pg_trgm` ships with PostgreSQL and is a trusted extension (no superuser needed to create it).
 * - A reference prefix is a `like 'CC-47%'` range: `text_pattern_ops` makes it one whatever the database's collation.
 * - Sorting by pickup time (and "the next 24 hours") walks an index on `(…, pickup_at, id)` in either direction.
 * - An external id is looked up exactly, across partners (an operator's key).
 * Built in the migration's transaction, which holds writes to `bookings` meanwhile: on a large table, build them
 * `concurrently` by hand under the same names first (this migration then finds them: `if not exists`).
 */
export class Migration20261128130000_find_a_ride extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create extension if not exists pg_trgm;
      create or replace function hub_fold(value text) returns text
        language sql immutable parallel safe
        as $$ select lower(translate(value,
          'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆČçćčĎďÈÉÊËĒĘĚèéêëēęěÌÍÎÏīìíîïĪŁłÑŃŇñńňÒÓÔÕÖØŌòóôõöøōŘřŚŠŞśšşŤťÙÚÛÜŮŪùúûüůūÝŸýÿŹŻŽźżž',
          'AAAAAAAAAaaaaaaaaaCCCcccDdEEEEEEEeeeeeeeIIIIiiiiiILlNNNnnnOOOOOOOoooooooRrSSSsssTtUUUUUUuuuuuuYYyyZZZzzz')) $$;

      create index if not exists bookings_passenger_name on bookings using gin (hub_fold(passenger ->> 'name') gin_trgm_ops);
      create index if not exists bookings_account_reference_prefix on bookings (account_id, environment, customer_reference text_pattern_ops)
        where customer_reference is not null and account_id is not null;
      create index if not exists bookings_environment_reference_prefix on bookings (environment, customer_reference text_pattern_ops)
        where customer_reference is not null;
      create index if not exists bookings_account_pickup on bookings (account_id, environment, pickup_at, id) where account_id is not null;
      create index if not exists bookings_environment_pickup on bookings (environment, pickup_at, id);
      create index if not exists bookings_external_lookup on bookings (external_id) where external_id is not null;

      create table passenger_reads (
        id bigint generated always as identity primary key,
        credential_id text not null,
        api_key_id text,
        booking_id text not null,
        operation text not null,
        read_at timestamptz not null default clock_timestamp()
      );
      create index passenger_reads_booking on passenger_reads (booking_id, read_at);
      create index passenger_reads_read_at on passenger_reads (read_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table passenger_reads;
      drop index bookings_external_lookup;
      drop index bookings_environment_pickup;
      drop index bookings_account_pickup;
      drop index bookings_environment_reference_prefix;
      drop index bookings_account_reference_prefix;
      drop index bookings_passenger_name;
      drop function hub_fold(text);
    `);
  }
}
