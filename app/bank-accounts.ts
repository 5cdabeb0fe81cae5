import type { MikroORM } from '@mikro-orm/postgresql';
import { electronicFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { findBankAccount, upsertBankAccount, type StoredBankAccount } from '../db/bank-accounts';
import { isSandboxDriver } from '../domain/bank-accounts';
import { sepaText, SEPA_NAME_MAX } from '../domain/sepa';
import { FleetUnitSchema } from '../db/entities';
import { ProblemError } from './problems';
import type { Secrets } from './accounts';

/** A chauffeur's bank account as every door shows it: the IBAN masked, never in clear. */
export interface BankAccountView {
  driver: string;
  holder: string;
  iban: string;
  country: string;
  bic: string | null;
  created_at: string;
  updated_at: string;
}

export const bankAccountView = (a: StoredBankAccount): BankAccountView => ({
  driver: a.driver_id,
  holder: a.holder,
  iban: a.iban_masked,
  country: a.country,
  bic: a.bic,
  created_at: new Date(a.created_at).toISOString(),
  updated_at: new Date(a.updated_at).toISOString(),
});

const IBAN_ERRORS: Partial<Record<ValidationErrorsIBAN, string>> = {
  [ValidationErrorsIBAN.NoIBANProvided]: 'an IBAN is required',
  [ValidationErrorsIBAN.NoIBANCountry]: 'the IBAN does not start with a known country code',
  [ValidationErrorsIBAN.WrongBBANLength]: "the IBAN's length is wrong for its country",
  [ValidationErrorsIBAN.WrongBBANFormat]: "the IBAN's account part has the wrong format for its country",
  [ValidationErrorsIBAN.ChecksumNotNumber]: "the IBAN's check digits are not digits",
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'the IBAN fails its mod-97 check (a mistyped digit?)',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: "the IBAN's national check digits are wrong",
  [ValidationErrorsIBAN.QRIBANNotAllowed]: 'a QR-IBAN cannot receive transfers',
};

/** A rule beyond the request's JSON Schema (IBAN country, length, mod-97; BIC; holder's characters): `custom`, like zod's refinements. */
function invalid(param: string, detail: string): never {
  throw new ProblemError('validation_failed', { detail, param, errors: [{ param, code: 'custom', detail }] });
}

/**
 * Records a chauffeur's bank account: the holder as the bank knows them (what is left of it in the SEPA character
 * set must not be empty), an IBAN valid for its country (ISO 13616 length and format, mod-97), an optional BIC. The
 * driver is a fleet unit, or a sandbox driver (`sandbox:<licence>`). Replaces the previous account.
 */
export async function setBankAccount(
  orm: MikroORM,
  secrets: Pick<Secrets, 'encryptionKey'>,
  input: { driverId: string; holder: string; iban: string; bic?: string | null },
): Promise<BankAccountView> {
  const holder = input.holder.trim().replace(/\s+/g, ' ');
  if (!holder || holder.length > SEPA_NAME_MAX) invalid('holder', `the account holder's name needs 1 to ${SEPA_NAME_MAX} characters`);
  if (!sepaText(holder, SEPA_NAME_MAX))
    invalid('holder', "the account holder's name must be written in Latin letters, as the bank knows it");
  const iban = electronicFormatIBAN(input.iban) ?? '';
  const check = validateIBAN(iban);
  if (!check.valid) invalid('iban', IBAN_ERRORS[check.errorCodes[0]!] ?? 'the IBAN is not valid');
  const bic = input.bic ? input.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic && !isValidBIC(bic)) invalid('bic', 'the BIC must be 8 or 11 characters (bank, country, location, branch)');
  const em = orm.em.fork();
  if (!isSandboxDriver(input.driverId) && !(await em.findOne(FleetUnitSchema, { id: input.driverId }, { fields: ['id'] }))) {
    throw new ProblemError('not_found', { detail: `No fleet unit ${input.driverId}.`, param: 'driver' });
  }
  return bankAccountView(await upsertBankAccount(em, secrets.encryptionKey, { driverId: input.driverId, holder, iban, bic }));
}

export async function showBankAccount(orm: MikroORM, driverId: string): Promise<BankAccountView | null> {
  const account = await findBankAccount(orm.em.fork(), driverId);
  return account ? bankAccountView(account) : null;
}
