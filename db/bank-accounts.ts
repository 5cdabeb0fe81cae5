import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { decryptSecret, DECRYPT_FAILED_MESSAGE, encryptSecret } from '../infra/secrets';
import { maskIban } from '../domain/bank-accounts';
import type { NameCheck } from '../domain/name-check';
import type { PostalAddress } from '../domain/sepa';

/** A driver's bank account as stored: the IBAN encrypted (bound to the driver), masked for display. */
export interface StoredBankAccount {
  driver_id: string;
  holder: string;
  iban_masked: string;
  country: string;
  bic: string | null;
  /** The holder's postal address (SEPA payees outside the EEA need one). */
  address: PostalAddress | null;
  /** Payouts to this account wait until then: it changed less than 24 h before (null: never held). */
  hold_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const ACCOUNT_COLUMNS = 'driver_id, holder, iban_masked, country, bic, address, hold_until, created_at, updated_at';

/** The IBAN is sealed to its driver: a ciphertext copied to another driver's row does not open there. */
const aad = (driverId: string) => `bank-account:${driverId}`;

/** Records (or replaces) a driver's account; the IBAN in electronic form, already validated. */
export async function upsertBankAccount(
  em: EntityManager,
  key: Buffer,
  account: { driverId: string; holder: string; iban: string; bic: string | null; address: PostalAddress | null; holdUntil: Date | null },
): Promise<StoredBankAccount> {
  const [row] = await em.execute<StoredBankAccount[]>(
    `insert into driver_bank_accounts (driver_id, holder, iban_enc, iban_masked, country, bic, address, hold_until) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
     on conflict (driver_id) do update set holder = excluded.holder, iban_enc = excluded.iban_enc, iban_masked = excluded.iban_masked,
       country = excluded.country, bic = excluded.bic, address = excluded.address, hold_until = excluded.hold_until, updated_at = clock_timestamp()
     returning ${ACCOUNT_COLUMNS}`,
    [
      account.driverId,
      account.holder,
      encryptSecret(account.iban, key, aad(account.driverId)),
      maskIban(account.iban),
      account.iban.slice(0, 2),
      account.bic,
      account.address ? JSON.stringify(account.address) : null,
      account.holdUntil,
    ],
  );
  return row!;
}

export async function findBankAccount(em: EntityManager, driverId: string): Promise<StoredBankAccount | null> {
  const [row] = await em.execute<StoredBankAccount[]>(`select ${ACCOUNT_COLUMNS} from driver_bank_accounts where driver_id = ?`, [
    driverId,
  ]);
  return row ?? null;
}

/**
 * The account on file for a change (locked until the transaction ends), its IBAN in clear: undefined when there is
 * none, null when no key of the ring opens it.
 */
export async function accountBeforeChange(
  em: EntityManager,
  keys: readonly Buffer[],
  driverId: string,
): Promise<{ iban: string | null; iban_masked: string; hold_until: Date | null } | undefined> {
  const [row] = await em.execute<{ iban_enc: string; iban_masked: string; hold_until: Date | null }[]>(
    'select iban_enc, iban_masked, hold_until from driver_bank_accounts where driver_id = ? for update',
    [driverId],
  );
  if (!row) return undefined;
  try {
    return { ...row, iban: decryptSecret(row.iban_enc, keys, aad(driverId)) };
  } catch (err) {
    if ((err as Error).message !== DECRYPT_FAILED_MESSAGE) throw err;
    return { ...row, iban: null };
  }
}

/** One change of a driver's account, as kept: who made it, the name check of its holder, the hold it started. */
export interface BankAccountChange {
  id: string;
  driverId: string;
  changedBy: 'driver' | 'ops';
  holder: string;
  driverName: string;
  nameCheck: NameCheck;
  previousIbanMasked: string | null;
  ibanMasked: string;
  holdUntil: Date | null;
}

export async function recordBankAccountChange(em: EntityManager, c: BankAccountChange): Promise<void> {
  await em.execute(
    `insert into driver_bank_account_changes (id, driver_id, changed_by, holder, driver_name, name_check, previous_iban_masked, iban_masked, hold_until, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, now())`,
    [c.id, c.driverId, c.changedBy, c.holder, c.driverName, c.nameCheck, c.previousIbanMasked, c.ibanMasked, c.holdUntil],
  );
}

/** The last change of a driver's account (its name check and hold), or null. */
export async function lastBankAccountChange(
  em: EntityManager,
  driverId: string,
): Promise<{ name_check: NameCheck; created_at: Date } | null> {
  const [row] = await em.execute<{ name_check: NameCheck; created_at: Date }[]>(
    'select name_check, created_at from driver_bank_account_changes where driver_id = ? order by created_at desc limit 1',
    [driverId],
  );
  return row ?? null;
}

/** The accounts of these drivers with their IBANs in clear, for a payout file. */
export async function bankAccountsOf(
  em: EntityManager,
  keys: Buffer | readonly Buffer[],
  driverIds: string[],
): Promise<Map<string, { holder: string; iban: string; bic: string | null; address: PostalAddress | null; holdUntil: Date | null }>> {
  if (!driverIds.length) return new Map();
  const rows = await em.execute<
    { driver_id: string; holder: string; iban_enc: string; bic: string | null; address: PostalAddress | null; hold_until: Date | null }[]
  >(
    'select driver_id, holder, iban_enc, bic, address, hold_until from driver_bank_accounts where driver_id in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify(driverIds)],
  );
  return new Map(
    rows.map((r) => [
      r.driver_id,
      {
        holder: r.holder,
        iban: decryptSecret(r.iban_enc, keys, aad(r.driver_id)),
        bic: r.bic,
        address: r.address,
        holdUntil: r.hold_until ? new Date(r.hold_until) : null,
      },
    ]),
  );
}

/** A message to a driver, read in the driver app (`GET /driver/v1/notices`). */
export interface DriverNotice {
  id: string;
  kind: string;
  message: string;
  data: Record<string, unknown>;
  created_at: Date;
}

export async function insertDriverNotice(em: EntityManager, driverId: string, notice: Omit<DriverNotice, 'created_at'>): Promise<void> {
  await em.execute('insert into driver_notices (id, driver_id, kind, message, data) values (?, ?, ?, ?, ?::jsonb)', [
    notice.id,
    driverId,
    notice.kind,
    notice.message,
    JSON.stringify(notice.data),
  ]);
}

/** A driver's notices, newest first. */
export async function driverNotices(orm: MikroORM, driverId: string, limit: number): Promise<DriverNotice[]> {
  return orm.em
    .fork()
    .execute<DriverNotice[]>(
      'select id, kind, message, data, created_at from driver_notices where driver_id = ? order by id desc limit ?',
      [driverId, limit],
    );
}
