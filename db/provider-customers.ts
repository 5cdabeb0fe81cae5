import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderCustomers } from '../infra/payments/provider';

/** The payment provider's customer of each account and environment (`stripe_customers`). */
export function providerCustomers(orm: MikroORM): ProviderCustomers {
  const find: ProviderCustomers['find'] = async (holder) => {
    const [row] = await orm.em
      .fork()
      .execute<{ customer_id: string }[]>('select customer_id from stripe_customers where account_id = ? and livemode = ?', [
        holder.accountId,
        holder.livemode,
      ]);
    return row?.customer_id ?? null;
  };
  return {
    find,
    async remember(holder, customerId) {
      await orm.em
        .fork()
        .execute('insert into stripe_customers (account_id, livemode, customer_id) values (?, ?, ?) on conflict do nothing', [
          holder.accountId,
          holder.livemode,
          customerId,
        ]);
      return (await find(holder))!;
    },
  };
}
