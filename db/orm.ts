import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities';
import { Migration20261122000000_initial } from './migrations/Migration20261122000000_initial';
import { Migration20261122100000_ride_read_model } from './migrations/Migration20261122100000_ride_read_model';
import { Migration20261122120000_quotes_and_endpoints } from './migrations/Migration20261122120000_quotes_and_endpoints';
import { Migration20261122130000_public_webhooks } from './migrations/Migration20261122130000_public_webhooks';
import { Migration20261122140000_fleet } from './migrations/Migration20261122140000_fleet';
import { Migration20261122150000_idempotency_holder } from './migrations/Migration20261122150000_idempotency_holder';
import { Migration20261122160000_booking_origin } from './migrations/Migration20261122160000_booking_origin';
import { Migration20261122170000_notify_changes_only } from './migrations/Migration20261122170000_notify_changes_only';
import { Migration20261123000000_notify_credentials } from './migrations/Migration20261123000000_notify_credentials';
import { Migration20261123010000_partial_account_indexes } from './migrations/Migration20261123010000_partial_account_indexes';
import { Migration20261125000000_account_kinds } from './migrations/Migration20261125000000_account_kinds';
import { Migration20261125020000_account_bookings } from './migrations/Migration20261125020000_account_bookings';
import { Migration20261125170000_passenger_retention } from './migrations/Migration20261125170000_passenger_retention';
import { Migration20261125180000_finance_ledger_and_documents } from './migrations/Migration20261125180000_finance_ledger_and_documents';
import { Migration20261125190000_billing_details } from './migrations/Migration20261125190000_billing_details';
import { Migration20261125200000_credit_notes } from './migrations/Migration20261125200000_credit_notes';
import { Migration20261125210000_settlements } from './migrations/Migration20261125210000_settlements';
import { Migration20261126000000_partner_commissions } from './migrations/Migration20261126000000_partner_commissions';
import { Migration20261126010000_waiting_and_adjustments } from './migrations/Migration20261126010000_waiting_and_adjustments';
import { Migration20261126020000_payments } from './migrations/Migration20261126020000_payments';
import { Migration20261126040000_workflow_started } from './migrations/Migration20261126040000_workflow_started';
import { Migration20261126110000_invoice_rounding } from './migrations/Migration20261126110000_invoice_rounding';
import { Migration20261126111000_invoice_line_rides } from './migrations/Migration20261126111000_invoice_line_rides';
import { Migration20261126150000_stripe } from './migrations/Migration20261126150000_stripe';
import { Migration20261126230000_booking_customer_reference } from './migrations/Migration20261126230000_booking_customer_reference';
import { Migration20261126231000_booking_event_log } from './migrations/Migration20261126231000_booking_event_log';
import { Migration20261128060000_statement_lines } from './migrations/Migration20261128060000_statement_lines';
import { Migration20261128080000_card_payments } from './migrations/Migration20261128080000_card_payments';
import { Migration20261128020000_webhook_backlog } from './migrations/Migration20261128020000_webhook_backlog';
import { Migration20261128090000_console_link_not_after } from './migrations/Migration20261128090000_console_link_not_after';
import { Migration20261128100000_document_seller } from './migrations/Migration20261128100000_document_seller';
import { Migration20261128010000_active_rides } from './migrations/Migration20261128010000_active_rides';
import { Migration20261128070000_payout_guards } from './migrations/Migration20261128070000_payout_guards';
import { Migration20261128120000_self_billing } from './migrations/Migration20261128120000_self_billing';
import { Migration20261128130000_find_a_ride } from './migrations/Migration20261128130000_find_a_ride';
import { Migration20261126100000_sepa_payouts } from './migrations/Migration20261126100000_sepa_payouts';
import { Migration20261125160000_one_delivery_per_destination } from './migrations/Migration20261125160000_one_delivery_per_destination';
import { Migration20261125150000_partner_endpoints_per_environment } from './migrations/Migration20261125150000_partner_endpoints_per_environment';
import { Migration20261125030000_notify_credentials_of_keys_and_units } from './migrations/Migration20261125030000_notify_credentials_of_keys_and_units';
import { Migration20261125010000_allocation_times_and_event_log } from './migrations/Migration20261125010000_allocation_times_and_event_log';
import { Migration20261126080000_console_logins } from './migrations/Migration20261126080000_console_logins';
import { Migration20261128150000_debug_to_the_byte } from './migrations/Migration20261128150000_debug_to_the_byte';
import { Migration20261128160000_account_status_list } from './migrations/Migration20261128160000_account_status_list';
import { Migration20261207100000_key_authority } from './migrations/Migration20261207100000_key_authority';
import { Migration20261207130000_public_event_outbox } from './migrations/Migration20261207130000_public_event_outbox';
import { Migration20261207130500_partner_parked_batches } from './migrations/Migration20261207130500_partner_parked_batches';

export type { EntityManager } from '@mikro-orm/postgresql';
export type Orm = MikroORM;

/** Migrations are listed explicitly, oldest first: no file globbing at run time. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261122100000_ride_read_model', class: Migration20261122100000_ride_read_model },
  { name: 'Migration20261122120000_quotes_and_endpoints', class: Migration20261122120000_quotes_and_endpoints },
  { name: 'Migration20261122130000_public_webhooks', class: Migration20261122130000_public_webhooks },
  { name: 'Migration20261122140000_fleet', class: Migration20261122140000_fleet },
  { name: 'Migration20261122150000_idempotency_holder', class: Migration20261122150000_idempotency_holder },
  { name: 'Migration20261122160000_booking_origin', class: Migration20261122160000_booking_origin },
  { name: 'Migration20261122170000_notify_changes_only', class: Migration20261122170000_notify_changes_only },
  { name: 'Migration20261123000000_notify_credentials', class: Migration20261123000000_notify_credentials },
  { name: 'Migration20261123010000_partial_account_indexes', class: Migration20261123010000_partial_account_indexes },
  { name: 'Migration20261125000000_account_kinds', class: Migration20261125000000_account_kinds },
  { name: 'Migration20261125010000_allocation_times_and_event_log', class: Migration20261125010000_allocation_times_and_event_log },
  { name: 'Migration20261125020000_account_bookings', class: Migration20261125020000_account_bookings },
  {
    name: 'Migration20261125030000_notify_credentials_of_keys_and_units',
    class: Migration20261125030000_notify_credentials_of_keys_and_units,
  },
  { name: 'Migration20261125150000_partner_endpoints_per_environment', class: Migration20261125150000_partner_endpoints_per_environment },
  { name: 'Migration20261125160000_one_delivery_per_destination', class: Migration20261125160000_one_delivery_per_destination },
  { name: 'Migration20261125170000_passenger_retention', class: Migration20261125170000_passenger_retention },
  { name: 'Migration20261125180000_finance_ledger_and_documents', class: Migration20261125180000_finance_ledger_and_documents },
  { name: 'Migration20261125190000_billing_details', class: Migration20261125190000_billing_details },
  { name: 'Migration20261125200000_credit_notes', class: Migration20261125200000_credit_notes },
  { name: 'Migration20261125210000_settlements', class: Migration20261125210000_settlements },
  { name: 'Migration20261126000000_partner_commissions', class: Migration20261126000000_partner_commissions },
  { name: 'Migration20261126010000_waiting_and_adjustments', class: Migration20261126010000_waiting_and_adjustments },
  { name: 'Migration20261126020000_payments', class: Migration20261126020000_payments },
  { name: 'Migration20261126040000_workflow_started', class: Migration20261126040000_workflow_started },
  { name: 'Migration20261126110000_invoice_rounding', class: Migration20261126110000_invoice_rounding },
  { name: 'Migration20261126111000_invoice_line_rides', class: Migration20261126111000_invoice_line_rides },
  { name: 'Migration20261126150000_stripe', class: Migration20261126150000_stripe },
  { name: 'Migration20261126100000_sepa_payouts', class: Migration20261126100000_sepa_payouts },
  { name: 'Migration20261126080000_console_logins', class: Migration20261126080000_console_logins },
  { name: 'Migration20261126230000_booking_customer_reference', class: Migration20261126230000_booking_customer_reference },
  { name: 'Migration20261126231000_booking_event_log', class: Migration20261126231000_booking_event_log },
  { name: 'Migration20261128060000_statement_lines', class: Migration20261128060000_statement_lines },
  { name: 'Migration20261128080000_card_payments', class: Migration20261128080000_card_payments },
  { name: 'Migration20261128020000_webhook_backlog', class: Migration20261128020000_webhook_backlog },
  { name: 'Migration20261128090000_console_link_not_after', class: Migration20261128090000_console_link_not_after },
  { name: 'Migration20261128010000_active_rides', class: Migration20261128010000_active_rides },
  { name: 'Migration20261128070000_payout_guards', class: Migration20261128070000_payout_guards },
  { name: 'Migration20261128100000_document_seller', class: Migration20261128100000_document_seller },
  { name: 'Migration20261128120000_self_billing', class: Migration20261128120000_self_billing },
  { name: 'Migration20261128130000_find_a_ride', class: Migration20261128130000_find_a_ride },
  { name: 'Migration20261128150000_debug_to_the_byte', class: Migration20261128150000_debug_to_the_byte },
  { name: 'Migration20261128160000_account_status_list', class: Migration20261128160000_account_status_list },
  { name: 'Migration20261207100000_key_authority', class: Migration20261207100000_key_authority },
  { name: 'Migration20261207130000_public_event_outbox', class: Migration20261207130000_public_event_outbox },
  { name: 'Migration20261207130500_partner_parked_batches', class: Migration20261207130500_partner_parked_batches },
];

/**
 * How long a session of the pool may sit idle inside an open transaction before PostgreSQL ends it, rolling the
 * transaction back and freeing its locks (`idle_in_transaction_session_timeout`, sent when each connection opens): a
 * request or an activity that dies, hangs or forgets a transaction no longer holds its row locks forever. Every
 * transaction of the hub, the migrations' included, runs its statements back to back and calls no other service in
 * between, so it is never idle for more than milliseconds; a statement that runs (or waits for a lock) is not idle.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export function ormOptions(databaseUrl: string, poolMax = 10, idleInTransactionMs = IDLE_IN_TRANSACTION_TIMEOUT_MS): Options {
  return {
    clientUrl: databaseUrl,
    driverOptions: { connection: { idle_in_transaction_session_timeout: idleInTransactionMs } },
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: poolMax },
    discovery: { warnWhenNoEntities: true },
    allowGlobalContext: false,
    debug: false,
  };
}

export async function openOrm(databaseUrl: string, poolMax?: number, idleInTransactionMs?: number): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl, poolMax, idleInTransactionMs));
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

/** Whether PostgreSQL answers a query on the pool (`/readyz`): resolves once it does, rejects with the driver's error. */
export async function pingDatabase(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}
