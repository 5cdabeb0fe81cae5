import { isTargetHoliday } from './sepa';

const DAY_MS = 86_400_000;

/**
 * When a bank's acknowledgement of a payout file is overdue: the end (24:00 UTC) of the first TARGET2 business day
 * after the day it asked to be executed (a file executed on a Friday is due by Monday's end, one before Easter by
 * Tuesday's). Its statement normally arrives the evening of the execution day or the next morning.
 */
export function acknowledgementDueAt(executionDate: string): Date {
  const [y, m, d] = executionDate.split('-').map(Number);
  let day = new Date(Date.UTC(y, m - 1, d + 1));
  while (isTargetHoliday(day)) day = new Date(day.getTime() + DAY_MS);
  return new Date(day.getTime() + DAY_MS);
}

/** How many of these files are overdue at `now` (see `acknowledgementDueAt`). */
export function overdueAcknowledgements(executionDates: string[], now: Date): number {
  return executionDates.filter((date) => acknowledgementDueAt(date).getTime() < now.getTime()).length;
}
