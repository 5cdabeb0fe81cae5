import type { MikroORM } from '@mikro-orm/postgresql';
import type { Environment } from '../domain/environment';
import { sqlOf } from './sql';

/**
 * Rides in progress per owner (partner, or integrator account without one) and environment, as load shedding counts
 * them: a sandbox ride from its creation until it ends, a live ride from dispatch until it ends. Rides stuck longer than
 * a day are left out, so a ride whose workflow was terminated by hand does not hold its account's budget forever. Read
 * through the partial indexes of Migration20261128010000_active_rides: the rides in progress, not the table.
 */
const ACTIVE_RIDES = `
  select coalesce(partner_id, account_id) as owner, 'sandbox' as environment, count(*)::int as rides from bookings
    where environment = 'sandbox' and status in ('confirmed', 'assigned', 'on_the_way', 'arrived', 'on_board')
      and created_at > now() - interval '1 day'
    group by 1
  union all
  select coalesce(partner_id, account_id), 'live', count(*)::int from bookings
    where environment = 'live' and status in ('assigned', 'on_the_way', 'arrived', 'on_board')
      and pickup_at > now() - interval '1 day'
    group by 1`;

export interface ActiveRides {
  owner: string;
  environment: Environment;
  rides: number;
}

export async function activeRidesByOwner(orm: MikroORM): Promise<ActiveRides[]> {
  return sqlOf(orm)<ActiveRides>(ACTIVE_RIDES, []);
}
