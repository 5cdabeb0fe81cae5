/**
 * `at` as the clock of `timeZone` reads it, with that clock's offset then: `YYYY-MM-DDTHH:mm±hh:mm`, as invoice lines
 * and the bookings CSV export state a pickup. Intl: the same answer on every machine, whatever the host's time zone.
 */
export function localDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // longOffset reads "GMT+02:00", or "GMT" at UTC.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}${offset}`;
}
