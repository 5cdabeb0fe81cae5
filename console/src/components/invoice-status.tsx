import type { Schema } from '../client/client';
import { Badge } from './badge';

type Invoice = Schema<'Invoice'>;

export function InvoiceStatus({ invoice }: { invoice: Pick<Invoice, 'status'> }) {
  const tone = invoice.status === 'paid' ? 'good' : invoice.status === 'open' ? 'warn' : 'neutral';
  return <Badge tone={tone}>{invoice.status}</Badge>;
}
