import type { Schema } from '../client/client';
import { dateTime } from '../format';
import { Badge } from './badge';

type Destination = Schema<'WebhookDestination'>;

export function DestinationStatusBadge({ destination }: { destination: Destination }) {
  if (destination.status === 'active') return <Badge tone="good">Active</Badge>;
  return <Badge tone="warn">Paused</Badge>;
}

/**
 * Why a destination is paused, in the hub's words ("paused by request", "12 consecutive failed deliveries"), and since
 * when: nothing is sent meanwhile and nothing is dropped.
 */
export function pausedWhy(destination: Destination): string {
  const paused = destination.paused;
  if (!paused) return '';
  return `Since ${dateTime(paused.since)}: ${paused.reason}. New events wait and are sent in order on resume.`;
}
