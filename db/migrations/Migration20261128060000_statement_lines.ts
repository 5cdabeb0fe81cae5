import { Migration } from '@mikro-orm/migrations';

/**
 * Statements as banks send them: every line of an imported statement or status report is kept with its outcome
 * (matched, returned, reversed, needs_review, unmatched, ignored), the payouts it touched and the amounts, and a line
 * needing review is resolved by hand once, with who and why. A transfer remembers the fingerprint of the account it
 * went to (so a payout returned for a closed or wrong account is never sent there again), when the hub learnt of its
 * return, and what a return kept back (a recall's fee); a re-issued payout names the one it replaces.
 */
export class Migration20261128060000_statement_lines extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table bank_statement_lines (
        id text primary key,
        statement_id text not null references bank_statements (id),
        position integer not null,
        entry integer not null,
        end_to_end_id text,
        batch_ref text,
        outcome text not null check (outcome in ('matched', 'returned', 'reversed', 'needs_review', 'unmatched', 'ignored')),
        detail text not null,
        payout_ids text[] not null default '{}',
        amount_minor bigint,
        expected_minor bigint,
        difference_minor bigint,
        currency text,
        reason text,
        info text,
        status text,
        booking_date date,
        resolved_outcome text check (resolved_outcome in ('matched', 'returned', 'ignored')),
        resolved_payout_ids text[],
        resolved_reason text,
        resolved_by text,
        resolution_note text,
        resolved_at timestamptz,
        unique (statement_id, position),
        check ((resolved_at is null) = (resolved_by is null))
      );
      create index bank_statement_lines_open on bank_statement_lines (statement_id) where outcome in ('needs_review', 'unmatched');
      alter table bank_statements add column account_iban_masked text;

      alter table bank_transfers add column creditor_fingerprint text;
      alter table bank_transfers add column returned_at timestamptz;
      alter table bank_transfers add column returned_minor bigint;
      alter table settlements add column reissue_requested_by text;
      alter table settlements add column reissue_note text;
      alter table bank_transfers add column reissue_of text references bank_transfers (id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table bank_transfers drop column reissue_of;
      alter table settlements drop column reissue_note;
      alter table settlements drop column reissue_requested_by;
      alter table bank_transfers drop column returned_minor;
      alter table bank_transfers drop column returned_at;
      alter table bank_transfers drop column creditor_fingerprint;
      alter table bank_statements drop column account_iban_masked;
      drop table bank_statement_lines;
    `);
  }
}
