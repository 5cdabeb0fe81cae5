export const WEBHOOKS_TASK_QUEUE = 'webhooks';

export function partnerWebhookWorkflowId(eventId: string): string {
  return `partner-webhook:${eventId}`;
}

export interface PartnerWebhookInput {
  eventId: string;
}

export interface PartnerWebhookOutcome {
  eventId: string;
  delivered: boolean;
  /** Attempts made, counted from the delivery log. */
  attempts: number;
  lastStatus: number | null;
}
