/**
 * `npm run bench -- sepa`: SEPA payouts at scale. 10,000 payouts into one pain.001.001.09 file (the pure builder, then
 * the pay step's whole write: settlements read, IBANs decrypted, file built and stored), the file's XSD validation,
 * and a 10,000-entry camt.053.001.08 statement (1 % returns) imported: validated against its XSD, read, matched by
 * EndToEndId and applied in one transaction (with the validation and the read also timed on their own); then the same
 * statement again (changes nothing). Sizes: BENCH_SEPA_PAYOUTS.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { importStatement } from '../app/bank-statements';
import { encryptSecret } from '../infra/secrets';
import { insertRows } from '../db/finance';
import { findPayoutFile, writePayoutFiles } from '../db/payout-files';
import { payoutRemittance, type SepaTransfer } from '../domain/sepa';
import { ibanOf, maskIban } from '../domain/bank-accounts';
import { CAMT_053, PAIN_001, painXml, readStatement, schemaErrors } from '../infra/iso20022';
import type { PayoutTransfer } from '../infra/payouts/provider';
import { bankStatement, transfersOf } from '../stack/mock-bank';
import { startLocalStack } from '../stack/local-stack';
import { STACK_SECRETS } from '../stack/secrets';

const PAYOUTS = Number(process.env.BENCH_SEPA_PAYOUTS ?? 10_000);
const DEBTOR = { name: 'Dispatch Hub Demo SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' };

const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
const driverIban = (i: number) => ibanOf('DE', `37040044${String(i).padStart(10, '0')}`);

async function seed(orm: MikroORM): Promise<PayoutTransfer[]> {
  const em = orm.em.fork();
  await em.execute(`insert into finance_periods (id, starts_at, ends_at) values ('2026-10', '2026-10-01', '2026-11-01')`);
  const rows = Array.from({ length: PAYOUTS }, (_, i) => {
    const n = String(i + 1).padStart(6, '0');
    const payable = 5_000 + ((i * 7919) % 200_000);
    return [
      `stl_bench${n}`,
      `ST-2026-${n}`,
      `unit_bench${n}`,
      `Chauffeur Nº ${i + 1} Müller`,
      true,
      'EUR',
      '2026-10',
      payable,
      0,
      0,
      payable,
      'pending',
      1,
      `ST-2026-${n}:1`,
    ];
  });
  await insertRows(
    em,
    'settlements',
    [
      'id',
      'number',
      'driver_id',
      'driver_name',
      'livemode',
      'currency',
      'period_id',
      'earnings_minor',
      'commission_minor',
      'fees_minor',
      'payable_minor',
      'status',
      'payout_attempts',
      'payout_key',
    ],
    rows,
  );
  await insertRows(
    em,
    'driver_bank_accounts',
    ['driver_id', 'holder', 'iban_enc', 'iban_masked', 'country'],
    rows.map((r, i) => [
      r[2],
      r[3],
      encryptSecret(driverIban(i), STACK_SECRETS.encryptionKey, `bank-account:${r[2]}`),
      maskIban(driverIban(i)),
      'DE',
    ]),
  );
  return rows.map((r) => ({
    key: r[13] as string,
    settlementId: r[0] as string,
    driverId: r[2] as string,
    amountMinor: BigInt(r[10] as number),
    currency: 'EUR',
    livemode: true,
  }));
}

export async function sepaBench(): Promise<void> {
  const local = await startLocalStack('bench-sepa', { temporal: false });
  const { orm } = local;
  try {
    let t = performance.now();
    const transfers = await seed(orm);
    console.log(`seeded ${PAYOUTS} pending settlements with bank accounts in ${ms(t)}`);

    const batch = transfers.map((p, i): SepaTransfer => ({
      endToEndId: p.key,
      amountMinor: p.amountMinor,
      creditor: { name: `Chauffeur Nº ${i + 1} Müller`, iban: driverIban(i) },
      remittance: payoutRemittance(p.key.split(':')[0]!, '2026-10'),
    }));
    t = performance.now();
    const xml = painXml({
      messageId: 'PF-2026-000001',
      createdAt: '2026-11-01T00:00:05Z',
      executionDate: '2026-11-02',
      debtor: DEBTOR,
      transfers: batch,
    });
    console.log(`pain.001 builder: ${PAYOUTS} payouts into one file (${(xml.length / 1e6).toFixed(1)} MB) in ${ms(t)}`);

    t = performance.now();
    const { files: written } = await writePayoutFiles(orm, [STACK_SECRETS.encryptionKey], DEBTOR, transfers);
    console.log(`pay step: ${written[0]?.transactions} payouts read, IBANs decrypted, file built and stored in ${ms(t)}`);

    const file = await findPayoutFile(orm, [STACK_SECRETS.encryptionKey], written[0]!.id);
    t = performance.now();
    const errors = await schemaErrors(file!.xml, PAIN_001);
    console.log(`XSD validation of the file: ${errors.length} errors in ${ms(t)}`);

    const filed = transfersOf(file!.xml);
    const statement = bankStatement({
      messageId: 'STMT-BENCH-1',
      iban: DEBTOR.iban,
      entries: filed.map((f, i) => ({ ...f, outcome: i % 100 === 99 ? { returned: 'AC04' } : ('booked' as const) })),
    });
    // The import's phases, each on its own (the import below runs them all, then matches and applies in one transaction).
    t = performance.now();
    const statementErrors = await schemaErrors(statement, CAMT_053);
    const validated = performance.now() - t;
    t = performance.now();
    const read = readStatement(statement, CAMT_053);
    const readMs = performance.now() - t;
    console.log(
      `  phases: XSD validation ${validated.toFixed(0)} ms (${statementErrors.length} errors), read ${readMs.toFixed(0)} ms ` +
        `(${read.transactions.length} transactions)`,
    );
    t = performance.now();
    const first = await importStatement({ orm }, { xml: statement, livemode: true });
    const imported = performance.now() - t;
    console.log(
      `statement import: ${first.transactions} entries (${(statement.length / 1e6).toFixed(1)} MB) validated, read, matched and applied in ${ms(t)}` +
        ` (paid ${first.paid}, returned ${first.returned}); matching and applying ≈ ${(imported - Math.max(validated, readMs)).toFixed(0)} ms of it (validation and read overlap)`,
    );
    t = performance.now();
    const again = await importStatement({ orm }, { xml: statement, livemode: true });
    console.log(`the same statement again: ${again.unchanged} unchanged, ${again.paid + again.returned} changed, in ${ms(t)}`);
  } finally {
    await local.stop();
  }
}
