/** Amounts and dates in the browser's own locale (the hub's wire format is decimal amounts and RFC 3339 times). */
const locale = browserLocale();

/** The browser's first language that Intl accepts (some report POSIX forms such as "en-US@posix"); else Intl's default. */
function browserLocale(): string | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      const base = tag.split(/[@.]/)[0];
      try {
        return Intl.getCanonicalLocales(base)[0];
      } catch {
        // not a language tag at all: try the next one
      }
    }
  }
  return undefined;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `12.5, "EUR"` → "€12.50" (or "12,50 €" in a German browser). */
export function money(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSecondsFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(locale);

export function dateTime(value: string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
}

/** A zone as people name it: its city ("Europe/Paris" → "Paris", "America/New_York" → "New York"). */
export const zoneName = (timeZone: string) => timeZone.split('/').pop()!.replaceAll('_', ' ');

const zonedFormats = new Map<string, { dateTime: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

function zonedFormatsOf(timeZone: string, inLocale: string | undefined) {
  const id = `${inLocale}|${timeZone}`;
  let formats = zonedFormats.get(id);
  if (!formats) {
    formats = {
      dateTime: new Intl.DateTimeFormat(inLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      zone: new Intl.DateTimeFormat(inLocale, { timeZone, timeZoneName: 'short' }),
    };
    zonedFormats.set(id, formats);
  }
  return formats;
}

/** The zone's abbreviation in the locale at `instant` ("CET" in winter, "CEST" in summer), or its id when it has none. */
function zoneAbbreviation(instant: Date, timeZone: string, inLocale: string | undefined): string {
  return (
    zonedFormatsOf(timeZone, inLocale)
      .zone.formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * An instant as the clock of `timeZone` reads it, the zone named: its abbreviation in the locale and its city
 * ("28 Nov 2026, 14:00 CET (Paris)"). A ride's times are its pickup's: a London planner sees a Paris 14:00 as 14:00.
 */
export function zonedDateTime(value: string | null | undefined, timeZone: string, inLocale = locale): string {
  if (!value) return '—';
  const instant = new Date(value);
  const city = timeZone.includes('/') ? ` (${zoneName(timeZone)})` : '';
  return `${zonedFormatsOf(timeZone, inLocale).dateTime.format(instant)} ${zoneAbbreviation(instant, timeZone, inLocale)}${city}`;
}

/** A zone named for a time typed at its clock, as of `at`: "Paris, CET" (or "Paris, CEST" in summer); "UTC" alone. */
export function zoneLabel(timeZone: string, at: string | number = Date.now(), inLocale = locale): string {
  const abbreviation = zoneAbbreviation(new Date(at), timeZone, inLocale);
  return timeZone.includes('/') ? `${zoneName(timeZone)}, ${abbreviation}` : abbreviation;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant as a `datetime-local` input's value at `timeZone`'s clock ("2026-11-28T14:00"). */
export function toZonedInput(value: string, timeZone: string): string {
  const instant = Date.parse(value);
  return new Date(instant + zoneOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/**
 * A `datetime-local` value read at `timeZone`'s clock, as an RFC 3339 instant: "14:00" of a Paris ride is 14:00 in
 * Paris whoever types it. A time that the clock skips (spring forward) lands an hour later; one it repeats, the first.
 */
export function fromZonedInput(value: string, timeZone: string): string | undefined {
  if (!value) return undefined;
  const wall = Date.parse(`${value}Z`);
  // The zone's offsets half a day before and after: any change of the clock near the time lies between them.
  const before = wall - zoneOffset(wall - 43_200_000, timeZone);
  const after = wall - zoneOffset(wall + 43_200_000, timeZone);
  const readsAsTyped = (instant: number) => instant + zoneOffset(instant, timeZone) === wall;
  const instant = [before, after].filter(readsAsTyped).sort((a, b) => a - b)[0] ?? before;
  return new Date(instant).toISOString();
}

export function dateTimeSeconds(value: string | null | undefined): string {
  return value ? dateTimeSecondsFormat.format(new Date(value)) : '—';
}

export function date(value: string | null | undefined): string {
  return value ? dateFormat.format(new Date(value)) : '—';
}

/** The time of day alone ("14:00", or "2:00 PM"). */
export function time(value: string | null | undefined): string {
  return value ? timeFormat.format(new Date(value)) : '—';
}

export function count(value: number): string {
  return numberFormat.format(value);
}

/** 21600 → "6 h", 300 → "5 min". */
export function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${count(seconds / 3600)} h`;
  if (seconds % 60 === 0) return `${count(seconds / 60)} min`;
  return `${count(seconds)} s`;
}

/** A `datetime-local` input's value (local wall time) as an RFC 3339 instant, or undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** An instant as a `datetime-local` input's value in the browser's time zone. */
export function toLocalInput(value: string | Date): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Pretty JSON of a payload string when it parses, the string itself otherwise. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
