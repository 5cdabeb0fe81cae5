import { Migration } from '@mikro-orm/migrations';

/**
 * The seller (INVOICE_SELLER) as it stood when each document was issued, like the buyer's `billing_details`: a later
 * change of the configuration (a SIREN added, an address moved) leaves issued documents as they were. Null on
 * documents issued before: they are rendered with the configured seller.
 */
export class Migration20261128100000_document_seller extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table finance_documents add column if not exists seller_details jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table finance_documents drop column seller_details;`);
  }
}
