import type { EntityManager } from '@mikro-orm/postgresql';
import { decryptSecret, encryptSecret } from '../infra/secrets';
import { maskIban } from '../domain/bank-accounts';

/** A driver's bank account as stored: the IBAN encrypted (bound to the driver), masked for display. */
export interface StoredBankAccount {
  driver_id: string;
  holder: string;
  iban_masked: string;
  country: string;
  bic: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The IBAN is sealed to its driver: a ciphertext copied to another driver's row does not open there. */
const aad = (driverId: string) => `bank-account:${driverId}`;

/** Records (or replaces) a driver's account; the IBAN in electronic form, already validated. */
export async function upsertBankAccount(
  em: EntityManager,
  key: Buffer,
  account: { driverId: string; holder: string; iban: string; bic: string | null },
): Promise<StoredBankAccount> {
  const [row] = await em.execute<StoredBankAccount[]>(
    `insert into driver_bank_accounts (driver_id, holder, iban_enc, iban_masked, country, bic) values (?, ?, ?, ?, ?, ?)
     on conflict (driver_id) do update set holder = excluded.holder, iban_enc = excluded.iban_enc, iban_masked = excluded.iban_masked,
       country = excluded.country, bic = excluded.bic, updated_at = clock_timestamp()
     returning driver_id, holder, iban_masked, country, bic, created_at, updated_at`,
    [
      account.driverId,
      account.holder,
      encryptSecret(account.iban, key, aad(account.driverId)),
      maskIban(account.iban),
      account.iban.slice(0, 2),
      account.bic,
    ],
  );
  return row!;
}

export async function findBankAccount(em: EntityManager, driverId: string): Promise<StoredBankAccount | null> {
  const [row] = await em.execute<StoredBankAccount[]>(
    'select driver_id, holder, iban_masked, country, bic, created_at, updated_at from driver_bank_accounts where driver_id = ?',
    [driverId],
  );
  return row ?? null;
}

/** The accounts of these drivers with their IBANs in clear, for a payout file. */
export async function bankAccountsOf(
  em: EntityManager,
  keys: Buffer | readonly Buffer[],
  driverIds: string[],
): Promise<Map<string, { holder: string; iban: string; bic: string | null }>> {
  if (!driverIds.length) return new Map();
  const rows = await em.execute<{ driver_id: string; holder: string; iban_enc: string; bic: string | null }[]>(
    'select driver_id, holder, iban_enc, bic from driver_bank_accounts where driver_id in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify(driverIds)],
  );
  return new Map(rows.map((r) => [r.driver_id, { holder: r.holder, iban: decryptSecret(r.iban_enc, keys, aad(r.driver_id)), bic: r.bic }]));
}
