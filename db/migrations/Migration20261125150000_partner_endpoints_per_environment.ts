import { Migration } from '@mikro-orm/migrations';

/**
 * A partner's webhook endpoint per environment: a sandbox credential reads and changes only the sandbox one (one URL
 * and one secret used to serve both, so a sandbox token could send live events anywhere and rotate the live secret).
 * Each existing endpoint becomes both, URL and secret unchanged, so receivers keep verifying; the previous secret of a
 * rotation keeps signing beside the new one until `previous_secret_expires_at`.
 */
export class Migration20261125150000_partner_endpoints_per_environment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table partner_webhook_endpoints (
        partner_id text not null references partners(id) on delete cascade,
        environment text not null check (environment in ('sandbox', 'live')),
        url text,
        secret_enc text not null,
        previous_secret_enc text,
        previous_secret_expires_at timestamptz,
        rotation_key text,
        updated_at timestamptz not null,
        primary key (partner_id, environment)
      );
    `);
    this.addSql(`
      insert into partner_webhook_endpoints (partner_id, environment, url, secret_enc, updated_at)
      select p.id, e.environment, p.webhook_url, p.webhook_secret_enc, now()
      from partners p cross join (values ('sandbox'), ('live')) as e(environment);
      alter table partners drop column webhook_url, drop column webhook_secret_enc;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table partners add column webhook_url text, add column webhook_secret_enc text;
      update partners p set webhook_url = e.url, webhook_secret_enc = e.secret_enc
        from partner_webhook_endpoints e where e.partner_id = p.id and e.environment = 'live';
      alter table partners alter column webhook_secret_enc set not null;
      drop table partner_webhook_endpoints;
    `);
  }
}
