import { Migration } from '@mikro-orm/migrations';

/**
 * A partner's contractual commission as terms (basis points of the net fare from `valid_from`): a new rate is a new
 * row, never an edit, so a booking's rate can always be traced to its term. Adding one notifies `credentials_changed`,
 * because the API keeps each partner's terms with its credential's standing.
 */
export class Migration20261126000000_partner_commissions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table partner_commissions (
        partner_id text not null references partners (id) on delete cascade,
        valid_from timestamptz not null,
        basis_points integer not null check (basis_points between 0 and 10000),
        created_at timestamptz not null default now(),
        primary key (partner_id, valid_from)
      );
      create function refuse_commission_edit() returns trigger language plpgsql as $$
      begin
        raise exception 'partner_commissions rows are immutable: add a term with a later valid_from' using errcode = '55000';
      end $$;
      create trigger partner_commissions_immutable before update on partner_commissions
        for each row execute function refuse_commission_edit();
      create trigger partner_commissions_notify_changed after insert or update or delete or truncate on partner_commissions
        for each statement execute function notify_credentials_changed();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table partner_commissions;
      drop function refuse_commission_edit();
    `);
  }
}
