import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { creditNoteCreatedEvent, issueCreditNote, type CreditReason } from '../db/credit-notes';
import type { IssuedDocument } from '../contracts/finance';
import { publishQueued } from './public-event-outbox';

/**
 * Ops' correction of an issued invoice: a credit note reversing some or all of its lines, with its reason, and its
 * `credit_note.created` to the account's webhook destinations (published once per number, from the outbox the note
 * was committed with).
 */
export async function creditInvoice(
  orm: MikroORM,
  temporal: Client,
  input: { invoiceNumber: string; positions?: number[]; reason: CreditReason },
): Promise<IssuedDocument & { credits: string }> {
  const note = await issueCreditNote(orm, input);
  await publishQueued({ orm, temporal }, [creditNoteCreatedEvent(note)]);
  return note;
}
