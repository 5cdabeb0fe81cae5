/** `webhook-recovery:<rcv_id>`: redelivers every failed delivery of one destination since a time (docs/console.md). */
export const webhookRecoveryWorkflowId = (recoveryId: string) => `webhook-recovery:${recoveryId}`;

export interface WebhookRecoveryInput {
  recoveryId: string;
  /** Carried over continue-as-new: the last event redelivered, and how many so far. */
  afterEventId?: string;
  redelivered?: number;
}

export interface RecoveryBatch {
  started: number;
  lastEventId: string;
  done: boolean;
}
