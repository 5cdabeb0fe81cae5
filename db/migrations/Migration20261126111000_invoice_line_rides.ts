import { Migration } from '@mikro-orm/migrations';

/**
 * What an invoice line says of its ride, frozen at issue (db/finance.ts, domain/invoice-lines.ts): the pickup in its
 * market's time zone, from and to, the vehicle class, the passenger where the account wants names, and the booking's
 * customer reference. Lines issued before have none and keep their one-line description.
 */
export class Migration20261126111000_invoice_line_rides extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table finance_document_lines add column ride jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table finance_document_lines drop column ride;`);
  }
}
