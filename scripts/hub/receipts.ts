import { revokeReceipt } from '../../app/receipts';
import { Failure, fields, type Command } from './cli';

export const receiptCommands: Record<string, Command> = {
  revoke: {
    usage: 'receipts revoke <booking_id>',
    summary: "revoke a booking's receipt links (they answer 410 from now on)",
    args: ['booking_id'],
    async run({ orm, args: [bookingId] }) {
      const revokedAt = await revokeReceipt(orm, bookingId!);
      if (!revokedAt) throw new Failure(`no booking ${bookingId}`);
      return {
        json: { booking_id: bookingId, receipt_revoked_at: revokedAt.toISOString() },
        text: `Receipt links revoked.\n${fields([
          ['booking', bookingId!],
          ['revoked at', revokedAt.toISOString()],
        ])}`,
      };
    },
  },
};
