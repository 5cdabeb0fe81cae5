import { renderA4 } from '../pdf';
import type { Booking, Place } from '../../db/entities';
import { fromMinor, minorUnits } from '../../domain/money';
import { taxLabel, type Fare } from '../../domain/pricing';

/** The trip as driven (`bookings.trip`), as far as the receipt reads it; the estimate fills in what is missing. */
interface Trip {
  distance_km?: number;
  duration_min?: number;
  /** The final fare, when it differs from the booked one (minor units, the `Fare` shape). */
  fare?: Fare;
}

export interface ReceiptLine {
  label: string;
  minor: number;
}

/**
 * The receipt's figures, from the read model: the final fare when the trip carries one, else the booked fare. The
 * partner's commission is between the partner and the dispatch company: never on the passenger's receipt.
 */
export function receiptFigures(b: Booking) {
  const trip = (b.trip ?? {}) as Trip;
  const fare = (trip.fare ?? b.fare) as unknown as Fare;
  const net = fare.total - fare.taxes;
  const lines: ReceiptLine[] = [
    { label: 'Base fare', minor: fare.base },
    { label: 'Distance charge', minor: fare.distance },
    { label: 'Time charge', minor: fare.time },
    { label: 'Surcharges', minor: fare.surcharges },
  ];
  return {
    currency: fare.currency,
    lines,
    net,
    taxes: fare.taxes,
    taxLabel: taxLabel(fare),
    total: fare.total,
    distanceKm: trip.distance_km ?? fare.distance_km,
    durationMin: trip.duration_min ?? fare.duration_min,
  };
}

export function formatMoney(minor: number, currency: string): string {
  return `${fromMinor(minor, currency).toFixed(minorUnits(currency))} ${currency}`;
}

const place = (p: Place) => p.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
const time = (d: Date | null | undefined) => (d ? `${new Date(d).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '-');

/** A one-page PDF receipt of a completed ride (pdfkit, built-in Helvetica: no font files, no network). */
export function renderReceipt(b: Booking): Promise<Buffer> {
  const f = receiptFigures(b);
  return renderA4({ Title: `Receipt ${b.id}`, Author: 'Dispatch Integration Hub', Subject: 'Ride receipt' }, (doc) => {
    const left = 56;
    const right = doc.page.width - 56;
    const row = (label: string, value: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
      doc.text(label, left, y, { width: 300 });
      doc.text(value, left + 300, y, { width: right - left - 300, align: 'right' });
      doc.moveDown(0.35);
    };

    doc.font('Helvetica-Bold').fontSize(22).text('Ride receipt', left, 56);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#555')
      .text(`Booking ${b.id}${b.externalId ? `  ·  Partner reference ${b.externalId}` : ''}`);
    doc.fillColor('#000').moveDown(1.2);

    doc.font('Helvetica-Bold').fontSize(13).text('Route');
    doc.moveDown(0.3);
    row('From', place(b.pickup));
    row('To', place(b.dropoff));
    row('Vehicle class', b.vehicleClass);
    if (b.vehicle) row('Vehicle', `${b.vehicle.make} ${b.vehicle.model}, ${b.vehicle.plate}`);
    if (b.driver) row('Driver', b.driver.name.split(/\s+/)[0] ?? '');
    row('Distance driven', `${f.distanceKm.toFixed(1)} km`);
    row('Time taken', `${f.durationMin} min`);
    doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(13).text('Times', left);
    doc.moveDown(0.3);
    row('Pickup booked for', time(b.pickupAt));
    row('Passenger on board', time(b.startedAt));
    row('Arrived', time(b.completedAt));
    doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(13).text(`Fare (${f.currency})`, left);
    doc.moveDown(0.3);
    for (const line of f.lines) row(line.label, formatMoney(line.minor, f.currency));
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999').stroke();
    doc.moveDown(0.35);
    row('Net', formatMoney(f.net, f.currency));
    row(f.taxLabel, formatMoney(f.taxes, f.currency));
    row('Total', formatMoney(f.total, f.currency), true);
    doc.moveDown(1.5);
    doc.font('Helvetica').fontSize(9).fillColor('#555').text('Amounts in the currency of the booking. Thank you for riding with us.', left);
  });
}

/**
 * Rendered receipts, by booking and its last change: a completed ride's receipt is rendered once per process, not on
 * every download (pdfkit takes tens of milliseconds of CPU). The oldest entry goes first past RECEIPTS_KEPT.
 */
const RECEIPTS_KEPT = 200;
export function receiptCache() {
  const rendered = new Map<string, Promise<Buffer>>();
  return {
    get(booking: Booking): Promise<Buffer> {
      const key = `${booking.id}:${new Date(booking.updatedAt).getTime()}`;
      let pdf = rendered.get(key);
      if (!pdf) {
        pdf = renderReceipt(booking);
        pdf.catch(() => rendered.delete(key));
        rendered.set(key, pdf);
        if (rendered.size > RECEIPTS_KEPT) rendered.delete(rendered.keys().next().value!);
      }
      return pdf;
    },
  };
}
