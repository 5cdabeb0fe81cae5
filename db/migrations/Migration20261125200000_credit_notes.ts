import { Migration } from '@mikro-orm/migrations';

/** A credit note's line names the invoice line it reverses; a line is reversed at most once. */
export class Migration20261125200000_credit_notes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table finance_document_lines add column reverses_document_id text references finance_documents (id),
        add column reverses_position int;
      create unique index finance_lines_reversed_once on finance_document_lines (reverses_document_id, reverses_position)
        where reverses_document_id is not null;
      alter table finance_documents add constraint finance_documents_credit_reason
        check (type = 'invoice' or reason in ('refund', 'price_adjustment', 'cancellation', 'duplicate'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table finance_documents drop constraint finance_documents_credit_reason;
      drop index finance_lines_reversed_once;
      alter table finance_document_lines drop column reverses_document_id, drop column reverses_position;
    `);
  }
}
