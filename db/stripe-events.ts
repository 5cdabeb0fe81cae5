import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Stripe's webhook events, each handled once: the first delivery of an id claims it, a redelivery finds it claimed.
 * A claim whose handling failed is released, so Stripe's next delivery of the same event is handled.
 */
export async function claimStripeEvent(
  orm: MikroORM,
  event: { id: string; type: string; providerPaymentId: string | null },
): Promise<boolean> {
  const rows = await orm.em
    .fork()
    .execute<{ id: string }[]>(
      'insert into stripe_events (id, type, provider_payment_id) values (?, ?, ?) on conflict (id) do nothing returning id',
      [event.id, event.type, event.providerPaymentId],
    );
  return rows.length === 1;
}

export async function releaseStripeEvent(orm: MikroORM, id: string): Promise<void> {
  await orm.em.fork().execute('delete from stripe_events where id = ?', [id]);
}
