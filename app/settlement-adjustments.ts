import type { MikroORM } from '@mikro-orm/postgresql';
import { isCurrency, toMinor } from '../domain/money';
import { newId } from '../infra/ids';
import { recordSettlementAdjustment } from '../db/settlements';

/** Why an adjustment was not recorded (the CLI prints it). */
export class AdjustmentRefusal extends Error {}

export interface RecordedAdjustment {
  id: string;
  driver: string;
  livemode: boolean;
  currency: string;
  kind: 'fee' | 'adjustment';
  amount_minor: string;
  description: string;
  created_at: string;
}

/**
 * Records a fee charged to a driver (negative) or an adjustment (either sign), which the driver's next settlement in that
 * currency and environment takes as a line, once. Recorded, never edited: a mistake is corrected by an opposite one.
 */
export async function recordAdjustment(
  orm: MikroORM,
  input: { driverId: string; livemode: boolean; currency: string; kind: 'fee' | 'adjustment'; amount: number; description: string },
): Promise<RecordedAdjustment> {
  if (!isCurrency(input.currency)) throw new AdjustmentRefusal(`unsupported currency ${JSON.stringify(input.currency)}`);
  const minor = toMinor(input.amount, input.currency);
  if (minor === 0) throw new AdjustmentRefusal('an amount of zero adjusts nothing');
  if (input.kind === 'fee' && minor > 0) throw new AdjustmentRefusal('a fee is charged to the driver: give a negative amount');
  if (!input.description.trim()) throw new AdjustmentRefusal('a description is required: it is the line the driver reads');
  const row = await recordSettlementAdjustment(orm, {
    id: newId('adj'),
    driverId: input.driverId,
    livemode: input.livemode,
    currency: input.currency,
    kind: input.kind,
    amountMinor: minor,
    description: input.description.trim(),
  });
  return {
    id: row.id,
    driver: row.driver_id,
    livemode: row.livemode,
    currency: row.currency,
    kind: row.kind,
    amount_minor: String(row.amount_minor),
    description: row.description,
    created_at: new Date(row.created_at).toISOString(),
  };
}
