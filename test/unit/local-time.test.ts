import { localDateTime } from '../../domain/local-time';

/** The one rule behind every "pickup at the market's clock" the hub writes: invoice lines and the bookings CSV export. */
describe("an instant at a zone's clock, with its offset", () => {
  it('keeps the offset of that instant, half and three-quarter hours included', () => {
    expect(localDateTime(new Date('2027-03-01T08:00:00Z'), 'Asia/Kolkata')).toBe('2027-03-01T13:30+05:30');
    expect(localDateTime(new Date('2027-01-10T12:00:00Z'), 'Pacific/Chatham')).toBe('2027-01-11T01:45+13:45');
  });

  it('reads midnight as 00, never 24, and rolls the date back west of UTC', () => {
    expect(localDateTime(new Date('2027-03-01T23:00:00Z'), 'Europe/Paris')).toBe('2027-03-02T00:00+01:00');
    expect(localDateTime(new Date('2027-03-01T02:00:00Z'), 'America/Los_Angeles')).toBe('2027-02-28T18:00-08:00');
  });

  it('changes offset across a clock change: the last minute before and the first after', () => {
    expect(localDateTime(new Date('2027-03-28T00:59:00Z'), 'Europe/Paris')).toBe('2027-03-28T01:59+01:00');
    expect(localDateTime(new Date('2027-03-28T01:00:00Z'), 'Europe/Paris')).toBe('2027-03-28T03:00+02:00');
  });
});
