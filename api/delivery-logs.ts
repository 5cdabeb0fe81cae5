import { z } from 'zod';
import { keysetCursor, PageLimit } from './pagination';
import { Instant } from './wire-schemas';

/** What the partner's and the integrator's webhook delivery logs have in common (their tables differ). */

const ATTEMPT_ID = /^\d{1,18}$/;

export const AttemptId = z.string().regex(ATTEMPT_ID, 'expected a delivery attempt id').meta({ example: '1042' });
export const EventId = z.string().regex(/^evt_[0-9a-hjkmnp-tv-z]{26}$/, 'expected an event id (evt_…)');

/** The filters and paging of a delivery log listing. */
export const DELIVERY_LOG_QUERY = {
  event: EventId.optional(),
  status: z.enum(['succeeded', 'failed']).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
  limit: PageLimit,
  cursor: keysetCursor((s) => ATTEMPT_ID.test(s), 32).optional(),
};

/** The document says what `checkRedeliverySelection` requires: `event_id`, or both `from` and `to`. */
export const documentRedeliverySelection = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  jsonSchema.anyOf = [{ required: ['event_id'] }, { required: ['from', 'to'] }];
};

/** A redelivery names one event, or a time range [from, to). */
export function checkRedeliverySelection(b: { event_id?: string; from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!b.event_id && !(b.from && b.to)) ctx.addIssue({ code: 'custom', path: ['event_id'], message: 'give event_id, or from and to' });
  if (b.from && b.to && Date.parse(b.from) >= Date.parse(b.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
}
