import { Migration } from '@mikro-orm/migrations';

/**
 * A console login may ask for a sign-in link (its key's `console.open`), but the login that link opens must not outlive
 * the one that asked: `not_after` caps the new login's absolute timeout (null for links made by a key or the CLI).
 */
export class Migration20261128090000_console_link_not_after extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table console_links add column if not exists not_after timestamptz;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table console_links drop column not_after;`);
  }
}
