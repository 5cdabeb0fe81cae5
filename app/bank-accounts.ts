import type { MikroORM } from '@mikro-orm/postgresql';
import { electronicFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { Client } from '@temporalio/client';
import {
  accountBeforeChange,
  driverNotices,
  findBankAccount,
  insertDriverNotice,
  lastBankAccountChange,
  recordBankAccountChange,
  upsertBankAccount,
  type BankAccountChange,
  type StoredBankAccount,
} from '../db/bank-accounts';
import { dbNow } from '../db/finance';
import { isSandboxDriver, maskIban } from '../domain/bank-accounts';
import { PLATFORM_ACCOUNT } from '../domain/finance-events';
import { checkHolderName, type NameCheck } from '../domain/name-check';
import { accountHoldUntil } from '../domain/payout-rails';
import { addressesRequired, postalAddressProblems, sepaText, SEPA_NAME_MAX, type PostalAddress } from '../domain/sepa';
import type { PublishPublicEventInput } from '../contracts/public-webhooks';
import { newId } from '../infra/ids';
import { publishQueued } from './public-event-outbox';
import { queuePublicEvents } from '../db/public-event-outbox';
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
  address: PostalAddress | null;
  /** Payouts to this account wait until then (its IBAN changed less than 24 h before); null when not held. */
  hold_until: string | null;
  /** The last change's check of the holder against the driver's name. */
  name_check: NameCheck | null;
  created_at: string;
  updated_at: string;
}

export const bankAccountView = (a: StoredBankAccount, nameCheck: NameCheck | null): BankAccountView => ({
  driver: a.driver_id,
  holder: a.holder,
  iban: maskIban(a.iban_masked), // a mask stored in an older form shows in the current one
  country: a.country,
  bic: a.bic,
  address: a.address,
  hold_until: a.hold_until && new Date(a.hold_until) > new Date() ? new Date(a.hold_until).toISOString() : null,
  name_check: nameCheck,
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

/** Who changed an account: the driver with their own credential, or ops (the CLI). */
export type AccountChanger = 'driver' | 'ops';

/**
 * Records a chauffeur's bank account: the holder as the bank knows them (what is left of it in the SEPA character
 * set must not be empty), an IBAN valid for its country (ISO 13616 length and format, mod-97), an optional BIC, and the
 * holder's postal address (required for an IBAN of a SEPA country outside the EEA). The driver is a fleet unit, or a
 * sandbox driver (`sandbox:<licence>`). Replaces the previous account; a new IBAN holds the payouts to it for 24 h.
 * Every change is kept with a check of the holder against the driver's name, tells the driver (a notice in the driver
 * app) and operators (`driver.bank_account_changed`).
 */
export async function setBankAccount(
  deps: { orm: MikroORM; temporal?: Client },
  secrets: Pick<Secrets, 'encryptionKey' | 'decryptionKeys'>,
  input: { driverId: string; holder: string; iban: string; bic?: string | null; address?: PostalAddress | null; changedBy: AccountChanger },
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
  const address = input.address ?? null;
  const addressProblem = address ? postalAddressProblems(address)[0] : undefined;
  if (addressProblem) invalid('address', `the address: ${addressProblem}`);
  if (!address && addressesRequired(iban.slice(0, 2)))
    invalid(
      'address',
      `an account in ${iban.slice(0, 2)} (a SEPA country outside the EEA) needs the holder's address: town and country at least`,
    );
  const em = deps.orm.em.fork();
  const unit = isSandboxDriver(input.driverId)
    ? null
    : await em.findOne(FleetUnitSchema, { id: input.driverId }, { fields: ['id', 'chauffeur'] });
  if (!isSandboxDriver(input.driverId) && !unit) {
    throw new ProblemError('not_found', { detail: `No fleet unit ${input.driverId}.`, param: 'driver' });
  }
  // A sandbox driver has no name on file: its holder stands for it.
  const driverName = unit?.chauffeur.name ?? holder;
  const keys = secrets.decryptionKeys ?? [secrets.encryptionKey];
  const { stored, change } = await em.transactional(async (tx) => {
    const before = await accountBeforeChange(tx, keys, input.driverId);
    const now = await dbNow(tx);
    // A new IBAN replacing another is held; the first account, or the same IBAN with new details, keeps its hold.
    const replaced = before !== undefined && before.iban !== iban;
    const holdUntil = replaced ? accountHoldUntil(now) : (before?.hold_until ?? null);
    const saved = await upsertBankAccount(tx, secrets.encryptionKey, { driverId: input.driverId, holder, iban, bic, address, holdUntil });
    const recorded: BankAccountChange = {
      id: newId('bac'),
      driverId: input.driverId,
      changedBy: input.changedBy,
      holder,
      driverName,
      nameCheck: checkHolderName(holder, driverName),
      previousIbanMasked: before ? maskIban(before.iban_masked) : null,
      ibanMasked: saved.iban_masked,
      holdUntil: replaced ? holdUntil : null,
    };
    await recordBankAccountChange(tx, recorded);
    await insertDriverNotice(tx, input.driverId, accountChangeNotice(recorded));
    // Committed with the change (the outbox): an event published only after the commit could be lost in between.
    await queuePublicEvents(tx, [accountChangeEvent(recorded)]);
    return { stored: saved, change: recorded };
  });
  await publishQueued(deps, [accountChangeEvent(change)]);
  return bankAccountView(stored, change.nameCheck);
}

/** What the driver app shows after a change: where payouts now go, and when the first one leaves. */
function accountChangeNotice(c: BankAccountChange): { id: string; kind: string; message: string; data: Record<string, unknown> } {
  const held = c.holdUntil ? ` For your protection the first payout to it waits until ${c.holdUntil.toISOString()}.` : '';
  return {
    id: newId('ntc'),
    kind: 'bank_account_changed',
    message: `Your payouts now go to the account ${c.ibanMasked} (${c.changedBy === 'driver' ? 'changed in the app' : 'changed by your operator'}).${held} If you did not make this change, contact your operator at once.`,
    data: { iban: c.ibanMasked, previous_iban: c.previousIbanMasked, hold_until: c.holdUntil?.toISOString() ?? null },
  };
}

function accountChangeEvent(c: BankAccountChange): PublishPublicEventInput {
  return {
    type: 'driver.bank_account_changed',
    dedupeKey: `bank-account-change:${c.id}`,
    accountId: PLATFORM_ACCOUNT,
    environment: isSandboxDriver(c.driverId) ? 'test' : 'live',
    data: {
      driver: c.driverId,
      driver_name: c.driverName,
      holder: c.holder,
      iban: c.ibanMasked,
      previous_iban: c.previousIbanMasked,
      changed_by: c.changedBy,
      name_check: c.nameCheck,
      hold_until: c.holdUntil?.toISOString() ?? null,
    },
  };
}

export async function showBankAccount(orm: MikroORM, driverId: string): Promise<BankAccountView | null> {
  const em = orm.em.fork();
  const account = await findBankAccount(em, driverId);
  return account ? bankAccountView(account, (await lastBankAccountChange(em, driverId))?.name_check ?? null) : null;
}

/** The driver's notices, newest first (`GET /driver/v1/notices`). */
export async function listDriverNotices(orm: MikroORM, driverId: string, limit = 50) {
  return (await driverNotices(orm, driverId, limit)).map((n) => ({
    id: n.id,
    kind: n.kind,
    message: n.message,
    data: n.data,
    created_at: new Date(n.created_at).toISOString(),
  }));
}
