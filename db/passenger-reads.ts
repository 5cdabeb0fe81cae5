import type { MikroORM } from '@mikro-orm/postgresql';

/** Who read passenger data: the credential (key, or console login), the key behind a console login, and how. */
export interface PassengerReader {
  credentialId: string;
  apiKeyId: string | null;
  operation: string;
}

/** Records that `reader` was shown the passenger of each of `bookingIds` (one statement, whatever their number). */
export async function recordPassengerReads(orm: MikroORM, reader: PassengerReader, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await orm.em
    .getConnection()
    .execute(
      'insert into passenger_reads (credential_id, api_key_id, booking_id, operation) select ?, ?, jsonb_array_elements_text(?::jsonb), ?',
      [reader.credentialId, reader.apiKeyId, JSON.stringify(bookingIds), reader.operation],
    );
}

/** Drops the records read before `before` (up to 10 000 a call: the housekeeping minute comes round again). */
export async function purgePassengerReads(orm: MikroORM, before: Date): Promise<void> {
  await orm.em
    .getConnection()
    .execute('delete from passenger_reads where id in (select id from passenger_reads where read_at < ? limit 10000)', [before]);
}

/** The records of one booking, oldest first (the audit's reader: ops, and the tests). */
export async function passengerReadsOf(orm: MikroORM, bookingId: string): Promise<(PassengerReader & { readAt: Date })[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ credential_id: string; api_key_id: string | null; operation: string; read_at: string }[]>(
      'select credential_id, api_key_id, operation, read_at from passenger_reads where booking_id = ? order by id',
      [bookingId],
    );
  return rows.map((r) => ({ credentialId: r.credential_id, apiKeyId: r.api_key_id, operation: r.operation, readAt: new Date(r.read_at) }));
}
