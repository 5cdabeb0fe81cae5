import { Readable } from 'node:stream';
import { z } from 'zod';
import { bookingPages, referenceTotals } from '../../db/booking-search';
import { readFinanceDocuments } from '../../db/finance';
import { csvLines, type CsvCell } from '../../domain/csv';
import { localDateTime } from '../../domain/local-time';
import { fromMinor } from '../../domain/money';
import type { PublicBookingListItemShape } from '../../domain/public-booking';
import { defineOperation } from '../operation';
import { bookingItems, bookingSearchOf, BookingTotalsQuery, canReadPassengers, ExportBookingsQuery, orderOf } from './booking-search';
import { documentQueryOf, invoiceView, ListInvoicesQuery, visibility, type DocumentRow } from './invoices';

const ERRORS = ['invalid_api_key', 'insufficient_scope', 'validation_failed', 'rate_limited'] as const;
const PAGE = 500;

const BOOKING_COLUMNS = [
  'ref',
  'created_at',
  'status',
  'market',
  'time_zone',
  'pickup_at',
  'pickup_local',
  'pickup',
  'dropoff',
  'vehicle_class',
  'customer_reference',
  'chauffeur',
  'currency',
  'net',
  'tax',
  'gross',
];

function bookingCells(b: PublicBookingListItemShape, withPassenger: boolean): CsvCell[] {
  const cells: CsvCell[] = [
    b.ref,
    b.created_at,
    b.status,
    b.market,
    b.time_zone,
    b.pickup_at,
    localDateTime(new Date(b.pickup_at), b.time_zone),
    b.pickup,
    b.dropoff,
    b.vehicle_class,
    b.customer_reference,
    b.chauffeur?.name,
    b.total.currency,
    b.total.net,
    b.total.tax,
    b.total.gross,
  ];
  return withPassenger ? [...cells, b.passenger?.name, b.passenger?.phone] : cells;
}

/** A CSV answer: streamed (one page of rows in memory at a time), downloaded under `filename`. */
function csvResponse(filename: string, lines: AsyncIterable<string>) {
  return {
    status: 200 as const,
    headers: { 'content-type': 'text/csv; charset=utf-8; header=present', 'content-disposition': `attachment; filename="${filename}"` },
    body: Readable.from(lines),
  };
}

const CSV_NOTE =
  'RFC 4180 (comma-separated, CRLF, quoted where needed, UTF-8), streamed: the whole selection, however long, with a header row. ' +
  'A text cell that a spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`, tab or carriage return) starts with an apostrophe.';

export const exportPublicBookings = defineOperation({
  operationId: 'exportPublicBookings',
  method: 'get',
  path: '/api/public/v1/bookings.csv',
  summary: 'Export bookings as CSV',
  description:
    `The bookings \`GET /api/public/v1/bookings\` would list with the same filters and \`sort\`, all of them, one per row; amounts are decimals of \`currency\`, \`pickup_local\` the pickup in its market's time zone. ${CSV_NOTE} ` +
    'A key with `passengers.read` gets two more columns, `passenger_name` and `passenger_phone` (masked), and each row is recorded as a read of passenger data.',
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { query: ExportBookingsQuery },
  responses: { 200: { description: 'The bookings as CSV.', schema: z.string(), contentType: 'text/csv' } },
  errors: [...ERRORS],
  async handler({ query, principal, deps }) {
    const search = bookingSearchOf(query, principal);
    const withPassenger = canReadPassengers(principal);
    async function* items() {
      for await (const page of bookingPages(deps.orm, search, orderOf(query.sort), PAGE))
        yield await bookingItems(deps, principal, page, 'exportPublicBookings');
    }
    const header = withPassenger ? [...BOOKING_COLUMNS, 'passenger_name', 'passenger_phone'] : BOOKING_COLUMNS;
    return csvResponse(
      'bookings.csv',
      csvLines(header, items(), (b) => bookingCells(b, withPassenger)),
    );
  },
});

const ExportInvoicesQuery = ListInvoicesQuery.omit({ limit: true, cursor: true });

export const exportInvoices = defineOperation({
  operationId: 'exportInvoices',
  method: 'get',
  path: '/api/public/v1/invoices.csv',
  summary: 'Export invoices and credit notes as CSV',
  description: `The documents \`GET /api/public/v1/invoices\` would list with the same filters, all of them, newest first, one per row; amounts are decimals of \`currency\`. ${CSV_NOTE}`,
  tags: ['Invoices'],
  security: { kind: 'apiKey', scope: 'invoices.read' },
  request: { query: ExportInvoicesQuery },
  responses: { 200: { description: 'The documents as CSV.', schema: z.string(), contentType: 'text/csv' } },
  errors: [...ERRORS],
  async handler({ query, principal, deps }) {
    const filters = documentQueryOf(query, principal);
    async function* pages() {
      let before: string | undefined;
      for (;;) {
        const rows = await readFinanceDocuments<DocumentRow>(deps.orm, visibility(principal), { ...filters, before, limit: PAGE });
        yield rows.map((d) => invoiceView(d, deps));
        if (rows.length < PAGE) return;
        before = rows[rows.length - 1]!.id;
      }
    }
    const header = ['number', 'type', 'status', 'account', 'issued_at', 'due_at', 'period', 'currency', 'net', 'tax', 'gross'];
    const more = ['rounding', 'amount_due', 'credits', 'livemode'];
    return csvResponse(
      'invoices.csv',
      csvLines([...header, ...more], pages(), (d) => [
        d.number,
        d.type,
        d.status,
        d.account,
        d.issued_at,
        d.due_at,
        d.period.id,
        d.currency,
        d.net,
        d.tax,
        d.gross,
        d.rounding,
        d.amount_due,
        d.credits,
        String(d.livemode),
      ]),
    );
  },
});

const TOTAL_GROUPS = 1000;

const ReferenceTotal = z
  .object({
    customer_reference: z.string().nullable().meta({ description: 'Null: the bookings without a reference.', example: 'CC-4711' }),
    bookings: z.number().int(),
    totals: z.array(
      z.object({
        currency: z.string(),
        bookings: z.number().int(),
        gross: z.number().meta({ description: 'The sum of the bookings’ `total.gross`, a decimal of the currency.' }),
      }),
    ),
  })
  .meta({ id: 'BookingReferenceTotal' });

export const bookingTotals = defineOperation({
  operationId: 'getBookingTotals',
  method: 'get',
  path: '/api/public/v1/booking-totals',
  summary: 'Totals per customer reference',
  description:
    'For the bookings `GET /api/public/v1/bookings` would list with the same filters (all of them, not one page): per `customer_reference` (cost centre, PO), how many and the sum of their prices per currency (never added across currencies). ' +
    `Cancelled bookings count at their booked price: filter by \`status\` to leave them out. Sorted by reference, bookings without one last; at most ${TOTAL_GROUPS} reference–currency pairs (\`has_more\` says more were left out: narrow the filters).`,
  tags: ['Public bookings'],
  security: { kind: 'apiKey', scope: 'bookings.read' },
  request: { query: BookingTotalsQuery },
  responses: {
    200: {
      description: 'The totals per reference.',
      schema: z.object({ data: z.array(ReferenceTotal), has_more: z.boolean() }).meta({ id: 'BookingReferenceTotals' }),
    },
  },
  errors: [...ERRORS],
  async handler({ query, principal, deps }) {
    const rows = await referenceTotals(deps.orm, bookingSearchOf(query, principal), TOTAL_GROUPS + 1);
    const data: z.infer<typeof ReferenceTotal>[] = [];
    for (const row of rows.slice(0, TOTAL_GROUPS)) {
      let group = data.at(-1);
      if (!group || group.customer_reference !== row.customer_reference) {
        data.push((group = { customer_reference: row.customer_reference, bookings: 0, totals: [] }));
      }
      group.bookings += row.bookings;
      group.totals.push({ currency: row.currency, bookings: row.bookings, gross: fromMinor(Number(row.gross_minor), row.currency) });
    }
    return { status: 200, body: { data, has_more: rows.length > TOTAL_GROUPS } };
  },
});
