import { Migration } from '@mikro-orm/migrations';

/** Billing details on integrator accounts (what an invoice says of its buyer), and a snapshot on each document. */
export class Migration20261125190000_billing_details extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table integrator_accounts add column billing jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table integrator_accounts drop column billing;`);
  }
}
