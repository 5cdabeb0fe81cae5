import { Migration } from '@mikro-orm/migrations';

/**
 * Integrator accounts gain a kind: `corporate` (a client company's portal or ERP: its own bookings only) or
 * `operator` (the dispatch company's own ERP and warehouse: every account's and partner's bookings).
 */
export class Migration20261125000000_account_kinds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table integrator_accounts
        add column kind text not null default 'corporate' check (kind in ('corporate', 'operator'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table integrator_accounts drop column kind;`);
  }
}
