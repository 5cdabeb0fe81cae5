// Generated from docs/openapi.json (dff23359eb00d88e) by scripts/build-console.mjs: do not edit, never committed.
export interface paths {
    "/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token (OAuth 2.0 client credentials)
         * @description RFC 6749 §4.4. Send `application/x-www-form-urlencoded` with `grant_type=client_credentials` and authenticate the client with HTTP Basic (or `client_id`/`client_secret` in the body). A sandbox client gets a token for sandbox data only, a live client for live data only.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens (JWKS) */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414) */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a booking
         * @description Prices the ride (or takes the price of its `quote_id`), writes the booking and starts its workflow `booking:<id>`, and answers at once with the booking `confirmed`: it does not wait for the workflow, whose events follow as webhooks. Send an `Idempotency-Key` to retry safely: the first response is replayed for 24 hours.
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one booking
         * @description From the read model. A booking of another partner, or of the other environment, answers 404.
         *
         *     Requires the `bookings.read` scope.
         */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        /**
         * Cancel a booking
         * @description Cancels through the booking workflow, whose Update validator decides. Free until `cancellation_policy.free_until`, then the policy's fee; a ride that has ended (or whose trip has started) answers 409 `booking_not_cancellable`. Repeating a cancellation answers the first cancellation again (whatever `reason_code` it carries). The reason is a query parameter: a DELETE body has no defined meaning (RFC 9110 §9.3.5) and some clients and proxies drop it.
         *
         *     Requires the `bookings.write` scope.
         */
        delete: operations["cancelBooking"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description Bookings of the calling account (an operator account: of every account and partner) in the key's environment (live key: live bookings; test key: sandbox bookings), newest first. Filter by market, status, pickup time (`from` inclusive, `to` exclusive) and `customer_reference` (exact match); page with `limit` and `cursor` (the previous `next_cursor`).
         *
         *     Requires the `bookings.read` scope.
         */
        get: operations["listPublicBookings"];
        put?: never;
        /**
         * Book a quote
         * @description Books a quote of your account through the same booking path as the Partner API and starts the workflow `booking:<ref>`. An `Idempotency-Key` is required: a retry with the same key answers the same booking (replayed for 24 hours). A test key books a sandbox ride, which plays at once (`X-Sandbox-Scenario` chooses how, as on the Partner API sandbox); a live key books a live ride.
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["createPublicBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bookings/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve one booking with its allocation
         * @description A booking of the other environment than the key's answers 404, and so does another account's unless the key's account is an operator's.
         *
         *     Requires the `bookings.read` scope.
         */
        get: operations["getPublicBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bookings/{ref}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A booking's timeline (its events)
         * @description The events of one booking (`booking.status_changed`, `booking.rescheduled`, `booking.cancelled`) from the event log, **oldest first**, each as the webhook envelope delivered: the same items as `GET /api/public/v1/events`, whether or not a destination took them. Events are kept 30 days, so an older booking's timeline starts later or is empty. Page with `limit` and `cursor`; every page carries `next_cursor`, the last one too, to ask later for what happened since. A booking the key cannot read (another account's, the other environment's) answers 404, as an unknown ref does.
         *
         *     Requires the `bookings.read` scope.
         */
        get: operations["listPublicBookingEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a ride
         * @description Prices the ride with the same tariffs, currency conversion and expiry as the Partner API (`GET /v1/quotes`) and holds the price in the workflow `quote:<quote_id>` until `expires_at`. Book it with `POST /api/public/v1/bookings` and `quote_id`: at most one booking per quote, never after `expires_at`. A test key quotes sandbox rides, a live key live ones.
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["createPublicQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bookings/{ref}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a booking
         * @description Cancels through the booking workflow with the same free window and fee as the Partner API's `DELETE /v1/bookings/{id}`: free until `free_until`, then the policy's fee, shown in `cancellation.fee`. Repeating a cancellation answers the first one. A ride that has ended (or whose trip has started) answers 409 `booking_not_cancellable`. Destinations subscribed to `booking.cancelled` receive it; a partner booking also tells its partner (`trip.cancelled`).
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["cancelPublicBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bookings/{ref}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the pickup time
         * @description Moves the pickup through the booking workflow (its `rescheduleBooking` Update decides). Allowed until the free-cancellation window ends (`free_until`) and never once the chauffeur is on the way: otherwise 409 `reschedule_not_allowed` says why. The fare is priced again for the new time, the free window and its fee move with the pickup, and a chauffeur already allocated is released and the ride allocated again for the new time. Destinations subscribed to `booking.rescheduled` receive it (`cause: customer`). Asking for the time the booking already has changes nothing.
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["reschedulePublicBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices and credit notes
         * @description Documents of the calling account in the key's environment (a live key: live documents; a test key: the sandbox series), newest first; an operator account's key sees every account's and may filter by `account`. Amounts are decimals in the document currency; `tax_buckets` hold what is owed per category and rate.
         *
         *     Requires the `invoices.read` scope.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/invoices/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invoice or credit note with its lines
         * @description Another account's document (unless the key is an operator's) or one of the other environment answers 404.
         *
         *     Requires the `invoices.read` scope.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/invoices/{number}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0)
         * @description The invoice (`Invoice`) or credit note (`CreditNote`, referencing the invoice it corrects) as UBL 2.1 XML following Peppol BIS Billing 3.0, with the VAT breakdown and totals of the issued document. A document whose buyer's billing details were incomplete when it was issued (sandbox) has no e-invoice: `409`.
         *
         *     Requires the `invoices.read` scope.
         */
        get: operations["getInvoiceEinvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/invoices/{number}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document as a PDF
         * @description The invoice or credit note as a one-page PDF: seller and buyer, dates, lines, tax buckets and totals, as issued.
         *
         *     Requires the `invoices.read` scope.
         */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List chauffeur settlements (operator accounts)
         * @description Settlements of the key's environment, newest first: per driver, period and currency, with earnings, the platform's commission, fees and what is paid out. Operator accounts only. With `Accept: text/csv` the same selection streams as CSV (RFC 4180): a header row, then one row per line item, amounts signed so that a settlement's rows add up to its payable.
         *
         *     Requires the `payments.read` scope.
         */
        get: operations["listSettlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List card payments of invoices
         * @description Payments of the key's environment, newest first: a corporate key sees its account's, an operator key every account's. Each with its card (brand, last four, expiry: never the number), the 3-D Secure 2 result and, when it failed, why.
         *
         *     Requires the `payments.read` scope.
         */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/settlements/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a settlement with its lines (operator accounts)
         * @description One settlement of the key’s environment with its line items (rides, no-show pay, commission, fees, carried balance).
         *
         *     Requires the `payments.read` scope.
         */
        get: operations["getSettlement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/payout-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SEPA payout files (operator accounts)
         * @description The pain.001.001.09 credit transfer files the settlement cycle wrote (PAYOUT_PROVIDER=sepa) in the key’s environment, newest first: one per run and debtor account, numbered, never changed. Upload each to the bank; import the bank’s statement with `POST /api/public/v1/bank-statements`.
         *
         *     Requires the `payments.read` scope.
         */
        get: operations["listPayoutFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/payout-files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a SEPA payout file (operator accounts)
         * @description The pain.001.001.09 XML exactly as written (its SHA-256 is in the list), to upload to the bank. By id (`pf_…`) or number.
         *
         *     Requires the `payments.read` scope.
         */
        get: operations["getPayoutFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/bank-statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bank statement or status report (operator accounts)
         * @description A camt.053.001.08 statement or camt.054.001.08 notification of the debtor account, or a pain.002.001.10 Customer Payment Status Report answering a payout file, as the bank delivers it (`application/xml`, up to 32 MiB), for the key’s environment. Checked against the ISO 20022 schema (422 `bank_file_invalid` naming the first error), then each transaction is matched by EndToEndId (a pain.002’s OrgnlEndToEndId): a booked debit marks the payout and its settlement paid (`settlement.paid`); a return, or a pain.002 rejection (`RJCT` with its reason), marks them returned with the ISO reason (`settlement.failed`; the driver’s next settlement pays the amount again). A pain.002 group status `RJCT` without transaction statuses rejects every payout of the file named by OrgnlMsgId; other pain.002 statuses are recorded and never mark a payout paid. Importing the same file again changes nothing; a line matching no payout is listed, never guessed.
         *
         *     Requires the `payouts.write` scope.
         */
        post: operations["importBankStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events (the event log)
         * @description Every public event your account's data produced in the key's environment (an operator account: every account's), whether or not a webhook destination took it, **oldest first**, each as the webhook envelope delivered. Sync incrementally or catch up after an outage: ask again from the last `next_cursor`, which every page carries, the last one too (`has_more: false`: nothing newer yet, poll from it later). Events are kept 30 days. Each event is seen with the scope that reads its object: `booking.*` with `bookings.read`, `invoice.*` with `invoices.read`, `credit_note.*` with `invoices.read`, `payment.*` with `payments.read`, `settlement.*` with `payments.read`; a key sees only the types its scopes read, and `403 insufficient_scope` answers a `type` it cannot read. Filter by `type` and `from` (created at or after).
         *
         *     Requires one of the scopes `bookings.read`, `invoices.read`, `payments.read`.
         */
        get: operations["listPublicEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/booking-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live status of one booking
         * @description Status, ETA, driver and the car's latest position, from the read model (kept current by the booking workflow at every step and every GPS position). A booking of another partner, or of the other environment, answers 404.
         *
         *     Requires the `bookings.read` scope.
         */
        get: operations["getBookingStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the pickup time
         * @description Moves the pickup through the booking workflow, as the Public Integration API's reschedule does: allowed until `cancellation_policy.free_until` and never once the driver is on the way (409 `reschedule_not_allowed` says why). The fare is priced again for the new time, the free window and its fee move with the pickup, an allocated driver who has not set off is released. Your webhook receives `booking.rescheduled` with `previous_pickup_at`, `pickup_at` and `cause`.
         *
         *     Requires the `bookings.write` scope.
         */
        post: operations["rescheduleBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/fleet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fleet units
         * @description The fleet that drives live rides: vehicle, chauffeur, compliance (each document and which lapses when) and dispatch state, newest unit first. Filter by market, class, compliance (`expiring`: a document lapses within 30 days) and dispatch state; page with `limit` and `cursor` (the previous `next_cursor`). The fleet is the same for test and live keys. For operator accounts only: a corporate account's key gets `403 account_kind_forbidden` (it sees a chauffeur through its own bookings).
         *
         *     Requires the `fleet.read` scope.
         */
        get: operations["listFleet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/unit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read my unit
         * @description The unit of the calling driver app: dispatch state, the ride it holds, compliance and latest position.
         */
        get: operations["getDriverUnit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Go online or offline
         * @description Online makes an offline unit `available` for allocation; offline takes an available unit out. Repeating the current choice changes nothing. A unit holding a ride (`assigned`, `on_trip`) cannot go offline (409), and a unit whose compliance has lapsed cannot go online (409, naming the document).
         */
        post: operations["setDriverAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/bank-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the chauffeur is paid
         * @description The bank account on file, the IBAN masked; 404 when none is recorded yet (settlements then wait for one).
         */
        get: operations["getDriverBankAccount"];
        /**
         * Record where the chauffeur is paid
         * @description The bank account the chauffeur’s settlements are paid into by SEPA credit transfer; replaces the previous one (payout files already written keep the account they were written with). The IBAN is stored encrypted and only ever shown masked. A settlement that waited for an account is paid in the next payout run.
         */
        put: operations["setDriverBankAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a GPS position
         * @description Lands in the read model at once: the unit's position and, while it drives a ride (on the way, arrived, on board), the ride's position and ETA, which the tracking page shows live. An older report than the latest known changes nothing (`applied: false`). An offline unit reports nothing (409): go online first.
         */
        post: operations["reportDriverPosition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/allocation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept or decline an allocated ride
         * @description Answers the allocation dispatch made to this unit. It must come within the answer time limit (docs/live-dispatch.md, 2 minutes); after it, or after a decline, the ride goes to the next unit and this one can no longer answer (409).
         */
        post: operations["answerDriverAllocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/on-the-way": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * On the way to the pickup
         * @description The driver sets off (after accepting), or revises the ETA while on the way. Sends `driver.on_the_way` with the ETA.
         */
        post: operations["reportDriverOnTheWay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/arrived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Arrived at the pickup
         * @description The driver is at the pickup: `driver.arrived`; the passenger's no-show wait starts (docs/booking-lifecycle.md).
         */
        post: operations["reportDriverArrived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/on-board": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Passenger on board
         * @description The passenger is on board and the trip starts: `trip.started`; the unit is `on_trip`.
         */
        post: operations["reportPassengerOnBoard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trip completed
         * @description The trip ends at the drop-off with the actual distance and time: `trip.completed` with the receipt; the unit is free again.
         */
        post: operations["reportTripCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/driver/v1/rides/{id}/no-show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Passenger did not show
         * @description The passenger did not come: `trip.cancelled` (`passenger_no_show`, the whole fare). Only once the no-show wait is over; before that the 409 says until when.
         */
        post: operations["reportPassengerNoShow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/track/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live tracking stream
         * @description Server-Sent Events (`text/event-stream`) of one booking of your account (an operator account: of any account) in the key's environment: status, driver first name, vehicle, ETA and the car's position, the current state at once and then every change. `id:` on every event, resume with `Last-Event-ID`, a `: ping` comment every 15 s; the stream ends after the ride’s final state, and a ride already over answers `204`.
         *
         *     Requires the `tracking.read` scope.
         */
        get: operations["trackPublicBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a fare quote
         * @description Prices the ride and holds the price in the workflow `quote:<quote_id>` until `expires_at` (QUOTE_VALIDITY_SECONDS, 15 minutes by default). Book it with `POST /v1/bookings` and `quote_id`: at most one booking per quote, and never after `expires_at`. Answers as soon as the workflow is durably started.
         *
         *     Requires the `quotes.read` scope.
         */
        get: operations["getQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your webhook endpoint
         * @description The URL the hub POSTs your events of this environment to and a hint of its signing secret. Sandbox and live each have their own endpoint and secret: a sandbox token reads and changes only the sandbox one.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear your webhook endpoint
         * @description Sets the endpoint of the calling credential's environment: a sandbox token changes only the sandbox endpoint, a live token only the live one. Events from the next delivery attempt on go to the new URL; with null no more deliveries are attempted. The URL must be https to a public address; plain http and localhost are accepted only from sandbox credentials on a hub started for development (`npm start`), never in production.
         *
         *     Requires the `webhooks.manage` scope.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Makes a new signing secret, shown once in this answer. During the overlap every delivery carries two `v1=` signatures, one per secret, so receivers can switch without losing an event.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["rotateWebhookDestinationSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reveal the signing secret
         * @description The full signing secret of the destination, and during a rotation’s overlap the previous one with the end of its overlap: what a receiver needs to verify `Service-Signature`. Answered with `Cache-Control: no-store`, and each read is logged (destination, account, key or console login). Another account’s destination, or one of the other environment, answers 404.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["revealWebhookDestinationSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoint/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to your webhook endpoint
         * @description Queues a signed `webhook.test` event, delivered and retried like every other event (workflow `partner-endpoint:<partner_id>:<environment>`). Answers once it is queued, not once it is delivered.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook destinations
         * @description The destinations of the calling account in the key's environment, newest first.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["listWebhookDestinations"];
        put?: never;
        /**
         * Create a webhook destination
         * @description A destination in the key's environment. The answer carries the full signing secret (`whsec_…`) once; afterwards only its masked form. Accepts `Idempotency-Key`.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["createWebhookDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook destination
         * @description Another account’s destination, or one of the other environment, answers 404.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["getWebhookDestination"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook destination
         * @description No new events go to it, and its pending and parked deliveries end now (their log says `destination_deleted`); the delivery log stays readable.
         *
         *     Requires the `webhooks.manage` scope.
         */
        delete: operations["deleteWebhookDestination"];
        options?: never;
        head?: never;
        /**
         * Update a webhook destination
         * @description Changes the URL, description or selected events. Deliveries already under way keep going to the destination.
         *
         *     Requires the `webhooks.manage` scope.
         */
        patch: operations["updateWebhookDestination"];
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a webhook destination
         * @description Nothing is sent to it while paused and nothing is dropped: new and retrying deliveries wait, without spending attempts, until it is resumed.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["pauseWebhookDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a webhook destination
         * @description Makes a paused destination active (the failure count starts again from zero) and sends its backlog of waiting deliveries in event order, at most 20 a second.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["resumeWebhookDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoint/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate your webhook signing secret
         * @description Makes a new signing secret for the endpoint of the calling credential's environment (a sandbox token never touches the live secret). The previous secret keeps signing for 24 hours: meanwhile every delivery carries both signatures, so a receiver switches without losing an event. Send an `Idempotency-Key`: a retry with the same key answers the same secret instead of rotating again (which would end the original secret's overlap). No body.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a signed `webhook.test` event to this destination, whatever events it selected, with the usual retries. Follow it in the delivery log. Test events do not count towards the pause rule.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A destination's deliveries and attempts over a window
         * @description Delivered, failed and pending deliveries and the attempts by outcome, per hour, over [`from`, `to`): the last 24 hours by default, at most 7 days.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["getWebhookDestinationStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-destinations/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver every failed delivery since a time
         * @description Every delivery to this destination that failed for good, of events created since `since` (at most the event log’s 30 days) and until now, is sent again (new delivery ids, the same event ids and bodies, the full retry schedule) by one durable job, `webhook-recovery:<id>`. Answers at once with the count; follow it with `GET /api/public/v1/webhook-recoveries/{id}`. Accepts `Idempotency-Key`: a retry with the same key answers the same recovery and redelivers nothing more.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["recoverWebhookDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-recoveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a recovery
         * @description Requires the `webhooks.manage` scope.
         */
        get: operations["getWebhookRecovery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery attempts
         * @description Every attempt to deliver an event to one of your destinations (key's environment), newest first. Filter by destination, event, event type, status and time sent (`from` inclusive, `to` exclusive).
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-deliveries/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live stream of new delivery attempts
         * @description Server-Sent Events (`text/event-stream`): each new attempt to deliver an event to one of your destinations (key's environment) as it is logged, as `event: delivery_attempt` with the attempt as JSON (as `GET /api/public/v1/webhook-deliveries` lists it) and its id as `id:`. Starts with the next attempt; reconnect with `Last-Event-ID` to get those logged since. `: ping` every 15 s. Filter by `destination`. The stream stays open only for a client that sends `Accept: text/event-stream` (as EventSource does); any other gets the attempts logged after `Last-Event-ID` and the answer ends.
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["streamWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve one delivery attempt with its payload
         * @description Requires the `webhooks.manage` scope.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/webhook-redeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver one event, or every failed one in a time range
         * @description Starts new deliveries (new delivery ids, the same event ids and bodies) with the full retry schedule. A delivery of the same event to the same destination still under way is left alone. Accepts `Idempotency-Key`.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["redeliverWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook delivery attempts
         * @description Every attempt to deliver one of your events to your webhook URL (token's environment), newest first. Filter by event, status and time sent (`from` inclusive, `to` exclusive).
         *
         *     Requires the `webhooks.manage` scope.
         */
        get: operations["listPartnerWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one webhook delivery attempt with its payload
         * @description Requires the `webhooks.manage` scope.
         */
        get: operations["getPartnerWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-redeliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver one event, or every unacknowledged one in a time range
         * @description Sends the events again (same event ids and bodies) with the full retry schedule, through the endpoint's delivery queue; an event still waiting there keeps its place and schedule.
         *
         *     Requires the `webhooks.manage` scope.
         */
        post: operations["redeliverPartnerWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/console-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a one-time sign-in link to the web console
         * @description A URL that signs a browser into the console once, within 10 minutes, for the key's environment and its own account (an operator key may name another, to embed the console in its own customer portal). The login gets the scopes of the key, or the subset asked for, never more; it ends after an hour idle, after 12 hours, on sign-out, when ops revoke the account's logins, or when this key is revoked. Hand the URL to the person only: it is as good as their login.
         *
         *     Requires the `console.open` scope.
         */
        post: operations["createConsoleLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's API keys
         * @description The account's keys of the caller's environment that are not revoked, newest first, masked: the secret is never shown again.
         *
         *     Requires the `keys.manage` scope.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description A key of the caller's account and environment. The answer carries the whole key (`secret`) this once; the hub keeps only a hash. Its scopes and rate are at most the caller's. Accepts `Idempotency-Key` (the stored answer is kept encrypted).
         *
         *     Requires the `keys.manage` scope.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Refuses the key on every API process within milliseconds, and ends the console logins it opened. Another account's key, another environment's or one already revoked is 404; a demo key is 403. Accepts `Idempotency-Key`.
         *
         *     Requires the `keys.manage` scope.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TokenRequest: {
            /**
             * @description Must be `client_credentials`.
             * @example client_credentials
             */
            grant_type?: string;
            /**
             * @description Space-separated scopes; all partner scopes when absent.
             * @example bookings.read bookings.write
             */
            scope?: string;
            /** @description For `client_secret_post`; prefer HTTP Basic. */
            client_id?: string;
            /** @description For `client_secret_post`; prefer HTTP Basic. */
            client_secret?: string;
        };
        CreateBookingRequest: {
            /**
             * @description Your own reference, echoed in responses and events.
             * @example OTA-2026-000123
             */
            external_id?: string;
            pickup: components["schemas"]["Pickup"];
            dropoff: components["schemas"]["Dropoff"];
            passenger: components["schemas"]["Passenger"];
            vehicle_class: components["schemas"]["VehicleClass"];
            /** @description Book a quote from GET /v1/quotes: the booking keeps its fare, currency and cancellation policy. Route, pickup time and vehicle class must match the quote. */
            quote_id?: string;
            /** @description ISO 4217. Default EUR, or the quote's currency with `quote_id`. */
            currency?: components["schemas"]["Currency"];
            /**
             * @deprecated
             * @description Ignored: your commission is the rate of your contract with us, taken on the net fare and shown in `fare.commission` (docs/finance.md). Still checked, so a malformed value is reported.
             * @default 0
             */
            commission_pct: number;
        } & (unknown & unknown & unknown & unknown & unknown);
        Pickup: {
            /** @example Paris Charles de Gaulle Airport, Terminal 2E */
            address?: string;
            /** @example 49.0097 */
            lat: number;
            /** @example 2.5479 */
            lng: number;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp with offset (UTC recommended).
             * @example 2026-12-01T09:30:00Z
             */
            datetime: string;
            flight_number?: string;
        };
        Dropoff: {
            /** @example 10 Place Vendôme, Paris */
            address?: string;
            /** @example 48.8674 */
            lat: number;
            /** @example 2.3294 */
            lng: number;
        };
        Passenger: {
            /** @example Ada Lovelace */
            name: string;
            /** @example +33612345678 */
            phone: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email?: string;
            /** @default 1 */
            pax: number;
            /** @default 0 */
            luggage: number;
        };
        /**
         * @description See docs/pricing.md for capacity and tariffs.
         * @enum {string}
         */
        VehicleClass: "standard" | "executive" | "luxury" | "van" | "minibus";
        /**
         * @description ISO 4217.
         * @enum {string}
         */
        Currency: "EUR" | "USD" | "GBP" | "CHF" | "JPY" | "SEK" | "NOK" | "DKK" | "PLN" | "CZK" | "AUD" | "CAD" | "AED" | "SGD" | "HKD" | "BHD" | "KWD" | "INR" | "ZAR" | "TRY" | "MXN" | "BRL";
        /** @enum {string} */
        PublicBookingStatus: "confirmed" | "allocated" | "en_route" | "arrived" | "pob" | "completed" | "cancelled" | "no_show" | "no_driver_available";
        PublicBookingRequest: {
            /** @description A quote from POST /api/public/v1/quotes: the booking keeps its trip, fare and cancellation policy. */
            quote_id: string;
            passenger: components["schemas"]["PublicPassenger"];
            /**
             * @description The arriving flight of an airport pickup.
             * @example AF1234
             */
            flight_number?: string;
            /**
             * @description Notes for the chauffeur.
             * @example Meet at gate 12 with a name board.
             */
            notes?: string;
            /**
             * @description Your own reference (cost centre, PO), echoed everywhere the booking appears.
             * @example CC-4711
             */
            customer_reference?: string;
        };
        /** @description Who rides; the number of passengers is the quote’s `pax`. */
        PublicPassenger: {
            /** @example Ada Lovelace */
            name: string;
            /** @example +33612345678 */
            phone: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email?: string;
        };
        PublicQuoteRequest: {
            /**
             * @description Pickup latitude, -90 to 90.
             * @example 49.0097
             */
            pickup_lat: number;
            /**
             * @description Pickup longitude, -180 to 180.
             * @example 2.5479
             */
            pickup_lng: number;
            /**
             * @description Drop-off latitude, -90 to 90.
             * @example 48.8674
             */
            dropoff_lat: number;
            /**
             * @description Drop-off longitude, -180 to 180.
             * @example 2.3294
             */
            dropoff_lng: number;
            /**
             * @description Where the chauffeur picks up, as people read it: shown on the booking, its events, the tracking page, the receipt and the invoice line. Required unless `pickup_place` names an airport.
             * @example Aéroport Charles de Gaulle, Terminal 2E, 95700 Roissy-en-France
             */
            pickup_address?: string;
            /**
             * @description Where the ride ends, as people read it. Required unless `dropoff_place` names an airport.
             * @example 8 rue de la Paix, 75002 Paris
             */
            dropoff_address?: string;
            /** @description An airport pickup: without `pickup_address`, the booking reads "CDG airport, terminal 2E". */
            pickup_place?: components["schemas"]["AirportPlace"];
            /** @description An airport drop-off. */
            dropoff_place?: components["schemas"]["AirportPlace"];
            /**
             * Format: date-time
             * @description Pickup time, ISO 8601 with offset.
             * @example 2026-12-01T09:30:00Z
             */
            datetime: string;
            vehicle_class: components["schemas"]["VehicleClass"];
            /**
             * @description Passengers (default 1); at most what the class seats.
             * @example 2
             */
            pax?: number;
            /**
             * @description ISO 4217 currency of the fare (default EUR).
             * @example EUR
             */
            currency?: components["schemas"]["Currency"];
        } & ((unknown | unknown) & (unknown | unknown) & unknown & unknown & unknown & unknown & unknown);
        /** @description An airport as a place: its IATA code and terminal. */
        AirportPlace: {
            /**
             * @description IATA airport code.
             * @example CDG
             */
            iata: string;
            /**
             * @description The terminal, where known.
             * @example 2E
             */
            terminal?: string;
        };
        PublicCancelRequest: {
            /**
             * @description Why you cancel: `passenger_request`, `flight_cancelled`, `flight_delayed`, `duplicate_booking`, `booked_in_error`, `driver_late`, `other` (the Partner API's reason codes).
             * @example passenger_request
             * @enum {string}
             */
            reason: "passenger_request" | "flight_cancelled" | "flight_delayed" | "duplicate_booking" | "booked_in_error" | "driver_late" | "other";
            /**
             * @description Free text kept with the cancellation.
             * @example Meeting moved.
             */
            note?: string;
        };
        RescheduleRequest: {
            /**
             * Format: date-time
             * @description The new pickup time, ISO 8601 with offset.
             * @example 2027-03-15T10:00:00Z
             */
            pickup_at: string;
        };
        /**
         * @description `lapsed`: a document has lapsed or is missing (never allocated); `expiring`: one lapses within 30 days; `compliant` otherwise.
         * @enum {string}
         */
        ComplianceState: "compliant" | "expiring" | "lapsed";
        /** @enum {string} */
        DispatchState: "offline" | "available" | "assigned" | "on_trip";
        DriverAvailability: {
            /**
             * @description `online`: ready for rides; `offline`: not.
             * @enum {string}
             */
            status: "online" | "offline";
        };
        DriverBankAccountInput: {
            /**
             * @description The account holder, as the bank knows them (Latin letters).
             * @example Jo Martin
             */
            holder: string;
            /** @description The IBAN, with or without spaces; checked for its country’s length and format and mod-97. */
            iban: string;
            /** @description The bank’s BIC (8 or 11 characters); optional in SEPA. */
            bic?: string | null;
        };
        DriverPosition: {
            /** @example 48.8584 */
            lat: number;
            /** @example 2.2945 */
            lng: number;
            /**
             * Format: date-time
             * @description When the phone took the fix; at most 30 s ahead of the hub's clock.
             * @example 2026-12-01T09:30:00Z
             */
            recorded_at: string;
            /** @description Horizontal accuracy in metres. */
            accuracy_m?: number;
        };
        DriverAllocationAnswer: {
            /**
             * @description `accept` the ride, or `decline` it (dispatch moves to the next unit).
             * @enum {string}
             */
            answer: "accept" | "decline";
        };
        DriverOnTheWay: {
            /** @description Minutes to the pickup; when absent, from the unit's latest position and the speed model. */
            eta_minutes?: number;
        };
        DriverTripCompleted: {
            /**
             * @description Distance actually driven, km.
             * @example 31.4
             */
            distance_km: number;
            /**
             * @description Trip time actually driven, whole minutes.
             * @example 44
             */
            duration_min: number;
        };
        UpdateWebhookEndpointRequest: {
            /**
             * @description Set it (an https:// URL of at most 2048 characters, without user or password, to a public address; plain http and localhost only for sandbox or test credentials on a hub started for development) or clear it with null.
             * @example https://ota.example.com/hooks/dispatch
             */
            url: string | null;
        };
        RotateWebhookSecret: {
            /**
             * @description How long the old secret keeps signing beside the new one (default 86400, at most 7 days).
             * @example 86400
             */
            overlap_seconds?: number;
        };
        CreateWebhookDestination: {
            /**
             * Format: uri
             * @description Where events are POSTed: https to a public address. Test keys may use plain http and http://localhost on a hub started for development, never in production.
             * @example https://erp.example.com/hooks/dispatch
             */
            url: string;
            /**
             * @description Free text for your own reference.
             * @example ERP sync
             */
            description?: string | null;
            /**
             * @description Event types this destination receives: booking.status_changed, booking.cancelled, booking.rescheduled, invoice.created, credit_note.created, payment.succeeded, payment.failed, payment.action_required, payment.refunded, invoice.paid, settlement.paid, settlement.failed, webhook.test.
             * @example [
             *       "booking.status_changed",
             *       "booking.cancelled"
             *     ]
             */
            events: string[];
        };
        UpdateWebhookDestination: {
            /**
             * Format: uri
             * @description Where events are POSTed: https to a public address. Test keys may use plain http and http://localhost on a hub started for development, never in production.
             * @example https://erp.example.com/hooks/dispatch
             */
            url?: string;
            /**
             * @description Free text for your own reference.
             * @example ERP sync
             */
            description?: string | null;
            /**
             * @description Event types this destination receives: booking.status_changed, booking.cancelled, booking.rescheduled, invoice.created, credit_note.created, payment.succeeded, payment.failed, payment.action_required, payment.refunded, invoice.paid, settlement.paid, settlement.failed, webhook.test.
             * @example [
             *       "booking.status_changed",
             *       "booking.cancelled"
             *     ]
             */
            events?: string[];
        };
        RecoverWebhookDestination: {
            /**
             * Format: date-time
             * @description Recover failures of events created at or after this time.
             * @example 2026-12-01T09:30:00Z
             */
            since: string;
        };
        RedeliverWebhooks: {
            /** @description Send this event again (to `destination_id`, or to every destination that had it). */
            event_id?: string;
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            destination_id?: string;
            /**
             * Format: date-time
             * @description With `to`: every delivery that failed for good, of events created in [from, to).
             * @example 2026-12-01T09:30:00Z
             */
            from?: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp with offset (UTC recommended).
             * @example 2026-12-01T09:30:00Z
             */
            to?: string;
        } | unknown | unknown;
        PartnerRedeliverWebhooks: {
            /** @description Send this event again. */
            event_id?: string;
            /**
             * Format: date-time
             * @description With `to`: every event created in [from, to) that was never acknowledged.
             * @example 2026-12-01T09:30:00Z
             */
            from?: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp with offset (UTC recommended).
             * @example 2026-12-01T09:30:00Z
             */
            to?: string;
        } | unknown | unknown;
        CreateConsoleLink: {
            /** @description The account the console opens on; the key's own when left out. Only an operator key may name another account. */
            account?: string;
            /** @description What the login may do: some of the key's own scopes (all of them when left out), never more. */
            scopes?: ("bookings.read" | "bookings.write" | "invoices.read" | "payments.read" | "payouts.write" | "fleet.read" | "tracking.read" | "webhooks.manage" | "keys.manage" | "console.open")[];
        };
        CreateApiKey: {
            /**
             * @description What the key is for.
             * @example ERP sync
             */
            label: string;
            /** @description What the key may do: some of the caller's own scopes, never more. */
            scopes: ("bookings.read" | "bookings.write" | "invoices.read" | "payments.read" | "payouts.write" | "fleet.read" | "tracking.read" | "webhooks.manage" | "keys.manage" | "console.open")[];
            /** @description Requests per minute; at most the caller's own rate (600 when left out, or the caller's if lower). */
            rate_per_minute?: number;
        };
        TokenResponse: {
            /** @description A JWT (RFC 9068) signed ES256; verify it with /.well-known/jwks.json. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @example 3600 */
            expires_in: number;
            /** @example bookings.read bookings.write quotes.read tracking.read */
            scope: string;
        };
        /** @description RFC 6749 §5.2 error. */
        OAuthError: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope" | "unauthorized_client";
            error_description: string;
        };
        /**
         * @description RFC 9457 problem details, served as `application/problem+json`. Further members may be added.
         * @example {
         *       "type": "https://hub.example.com/docs/errors#validation_failed",
         *       "title": "Validation failed",
         *       "status": 422,
         *       "detail": "1 field failed validation.",
         *       "instance": "/v1/bookings",
         *       "code": "validation_failed",
         *       "param": "pickup.datetime",
         *       "errors": [
         *         {
         *           "param": "pickup.datetime",
         *           "code": "custom",
         *           "detail": "pickup time is in the past"
         *         }
         *       ],
         *       "request_id": "req_4f1c2b9e8a7d4c3b9e0f1a2b3c4d5e6f"
         *     }
         */
        Problem: {
            /**
             * Format: uri
             * @description The section of the error reference (/docs/errors) that describes `code`.
             */
            type: string;
            /** @description Short summary of the problem type; the same for every occurrence of `code`. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description What went wrong with this request, for a human. */
            detail: string;
            /** @description The request path. */
            instance: string;
            /**
             * @description Stable machine-readable code; branch on this.
             * @enum {string}
             */
            code: "bad_request" | "invalid_json" | "unauthorized" | "invalid_token" | "invalid_api_key" | "invalid_driver_credential" | "console_login_required" | "insufficient_scope" | "ip_not_allowed" | "account_kind_forbidden" | "not_allocated" | "csrf_token_invalid" | "cross_site_request" | "demo_key_read_only" | "not_found" | "method_not_allowed" | "conflict" | "idempotency_key_in_use" | "booking_not_cancellable" | "reschedule_not_allowed" | "ride_progress_refused" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "idempotency_key_reused" | "bank_file_invalid" | "quote_expired" | "quote_used" | "rate_limited" | "internal_error" | "service_unavailable";
            /** @description The field or header at fault, when there is one. */
            param?: string;
            /** @description With `validation_failed`: one entry per failing field. */
            errors?: components["schemas"]["FieldError"][];
            /** @description With `insufficient_scope`: the scope the call needs (space-separated when any one of several will do). */
            scope?: string;
            /**
             * @description With `account_kind_forbidden`: the kind of the key's account.
             * @enum {string}
             */
            account_kind?: "corporate" | "operator";
            /**
             * @description With `account_kind_forbidden`: the account kind the call is for.
             * @enum {string}
             */
            required_kind?: "corporate" | "operator";
            /** @description Also in the `X-Request-Id` header; quote it when contacting support. */
            request_id: string;
        } & {
            [key: string]: unknown;
        };
        FieldError: {
            /**
             * @description The failing field: a dotted body path, `query.…`, `path.…` or a header name.
             * @example pickup.datetime
             */
            param: string;
            /**
             * @description What failed, e.g. `too_small`, `invalid_format`, `custom`.
             * @example custom
             */
            code: string;
            /** @example pickup time is in the past */
            detail: string;
        };
        Jwks: {
            keys: {
                [key: string]: unknown;
            }[];
        };
        AuthorizationServerMetadata: {
            [key: string]: unknown;
        };
        Booking: {
            /** @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x */
            id: string;
            external_id: string | null;
            /**
             * @description See docs/booking-lifecycle.md.
             * @example confirmed
             * @enum {string}
             */
            status: "confirmed" | "assigned" | "on_the_way" | "arrived" | "on_board" | "completed" | "cancelled" | "no_show" | "no_driver_available";
            livemode: boolean;
            vehicle_class: string;
            pickup: {
                address?: string;
                lat: number;
                lng: number;
                datetime: string;
                flight_number?: string;
            };
            dropoff: {
                address?: string;
                lat: number;
                lng: number;
            };
            passenger: {
                [key: string]: unknown;
            };
            distance_km: number;
            duration_min: number;
            fare: components["schemas"]["Fare"];
            cancellation_policy: components["schemas"]["CancellationPolicy"];
            /** @description Driver's ETA to the pickup while on the way. */
            eta_minutes: number | null;
            /** @description Set once a driver is assigned. */
            driver: components["schemas"]["Driver"] | null;
            /** @description Set once a driver is assigned. */
            vehicle: components["schemas"]["Vehicle"] | null;
            /** @description When each step happened; null until it has. */
            timeline: {
                assigned_at: string | null;
                on_the_way_at: string | null;
                arrived_at: string | null;
                started_at: string | null;
                completed_at: string | null;
                ended_at: string | null;
            };
            /** @description How the ride ended without its trip (cancelled, no_show, no_driver_available). */
            cancellation: components["schemas"]["Cancellation"] | null;
            /** @description Set once the trip is completed. */
            trip: components["schemas"]["Trip"] | null;
            /** @description Signed passenger tracking page: no app needed; stops working 24 h after the ride ends. */
            tracking_url: string | null;
            /** @description Signed PDF receipt (booking, route, times, fare breakdown); null until the trip is completed. */
            receipt_url: string | null;
            created_at: string;
            updated_at: string;
        };
        Fare: {
            /** @description Decimal amount with the currency's precision. */
            base: number;
            /** @description Decimal amount with the currency's precision. */
            distance: number;
            /** @description Decimal amount with the currency's precision. */
            time: number;
            /** @description Decimal amount with the currency's precision. */
            surcharges: number;
            /** @description Decimal amount with the currency's precision. */
            taxes: number;
            /** @description Decimal amount with the currency's precision. */
            total: number;
            /** @description Decimal amount with the currency's precision. */
            commission: number;
            currency: string;
            exchange_rate: components["schemas"]["ExchangeRate"];
            /** @description The tax rule the fare was priced with: the pickup's market, in force at the pickup (docs/finance.md). Null on fares priced before rules existed (10 % VAT). */
            tax_rule: {
                /** @example FR-ride-10 */
                id: string;
                /** @example VAT */
                name: string;
                /** @enum {string} */
                category: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "out_of_scope";
                /**
                 * @description Percent.
                 * @example 10
                 */
                rate: number;
            } | null;
        };
        ExchangeRate: {
            from: string;
            to: string;
            rate: number;
            /** @description The rate the conversion used, as an integer: `rate` × 1,000,000. */
            rate_micros?: number;
            as_of: string;
        };
        /** @description Free until `free_until`, then `fee_after` (see docs/pricing.md). */
        CancellationPolicy: {
            free_until: string;
            fee_after: number;
            currency: string;
        };
        Driver: {
            /** @example Camille Martin */
            name: string;
            /** @example +33600000001 */
            phone: string;
            /** @example https://example.com/sandbox/drivers/sandbox-vtc-0001.jpg */
            photo_url: string;
            /** @example SANDBOX-VTC-0001 */
            licence_no: string;
            /** @example 4.9 */
            rating: number;
        };
        Vehicle: {
            /** @example Mercedes-Benz */
            make: string;
            /** @example E-Class */
            model: string;
            /** @example 2025 */
            year: number;
            /** @example black */
            color: string;
            /** @example SB-042-XZ */
            plate: string;
            /** @description Latest known position of the car. */
            lat: number | null;
            lng: number | null;
            /** @description When the car was there. */
            position_at: string | null;
        };
        Cancellation: {
            /**
             * @description The customer's reason, or the service's: `driver_cancelled`, `no_driver_available`, `passenger_no_show`.
             * @enum {string}
             */
            reason_code: "passenger_request" | "flight_cancelled" | "flight_delayed" | "duplicate_booking" | "booked_in_error" | "driver_late" | "other" | "driver_cancelled" | "no_driver_available" | "passenger_no_show";
            /**
             * @description partner, integrator, ops, driver, dispatch or system.
             * @example partner
             */
            cancelled_by: string;
            /**
             * @description ISO 8601 UTC.
             * @example 2027-03-15T08:02:11.000Z
             */
            cancelled_at: string;
            fee: components["schemas"]["Fee"];
            /** @description Whether the fee is charged (false when it is zero). */
            charged: boolean;
        };
        /** @description A fee in decimal units of the currency. */
        Fee: {
            /** @description Decimal amount with the currency's precision. */
            amount: number;
            /** @example EUR */
            currency: string;
        };
        /** @description The trip as driven, with the final fare (and your commission). */
        Trip: {
            /**
             * @description ISO 8601 UTC.
             * @example 2027-03-15T08:02:11.000Z
             */
            started_at: string;
            /**
             * @description ISO 8601 UTC.
             * @example 2027-03-15T08:02:11.000Z
             */
            completed_at: string;
            distance_km: number;
            duration_min: number;
            fare: components["schemas"]["Fare"];
        };
        CancellationResult: {
            /** @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x */
            id: string;
            external_id: string | null;
            /** @constant */
            status: "cancelled";
            /** @enum {string} */
            reason_code: "passenger_request" | "flight_cancelled" | "flight_delayed" | "duplicate_booking" | "booked_in_error" | "driver_late" | "other";
            /** @example partner */
            cancelled_by: string;
            /** @example 2027-03-14T10:00:00.000Z */
            cancelled_at: string;
            cancellation_policy: components["schemas"]["CancellationPolicy"];
            fee: components["schemas"]["Fee"];
            /** @description false inside the free window (fee 0), true after it. */
            charged: boolean;
        };
        PublicBookingList: {
            data: components["schemas"]["PublicBooking"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        PublicBooking: {
            /**
             * @description Booking reference.
             * @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            ref: string;
            /** @example PAR */
            market: string;
            status: components["schemas"]["PublicBookingStatus"];
            /** @description Address, or "lat,lng" when none was given. */
            pickup: string;
            dropoff: string;
            /** @description ISO 8601 UTC. */
            pickup_at: string;
            vehicle_class: string;
            chauffeur: components["schemas"]["PublicBookingChauffeur"];
            total: components["schemas"]["PublicAmount"];
            /**
             * @description The booking account's own reference (cost centre, PO), as given when booking.
             * @example CC-4711
             */
            customer_reference: string | null;
            livemode: boolean;
            created_at: string;
        };
        /** @description Null only before a chauffeur is allocated (and again while a declined allocation is redone); kept once the ride is over. */
        PublicBookingChauffeur: {
            /** @example Jo Martin */
            name: string;
            /**
             * @description The fleet unit the chauffeur drives (its `id` in `GET /api/public/v1/fleet`). Null for a sandbox ride: its simulated chauffeur drives no fleet unit.
             * @example unit_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            unit: string | null;
        } | null;
        /** @description Decimal amounts in the currency: net + tax = gross. */
        PublicAmount: {
            net: number;
            tax: number;
            gross: number;
            currency: string;
        };
        /** @description One booking as `GET /api/public/v1/bookings/{ref}` shows it: the list item, its allocation, how it ended before its trip if it did, and its cancellation terms. */
        PublicBookingDetail: {
            /**
             * @description Booking reference.
             * @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            ref: string;
            /** @example PAR */
            market: string;
            status: components["schemas"]["PublicBookingStatus"];
            /** @description Address, or "lat,lng" when none was given. */
            pickup: string;
            dropoff: string;
            /** @description ISO 8601 UTC. */
            pickup_at: string;
            vehicle_class: string;
            chauffeur: components["schemas"]["PublicBookingChauffeur"];
            total: components["schemas"]["PublicAmount"];
            /**
             * @description The booking account's own reference (cost centre, PO), as given when booking.
             * @example CC-4711
             */
            customer_reference: string | null;
            livemode: boolean;
            created_at: string;
            /** @description Notes for the chauffeur, as given when booking. */
            notes: string | null;
            allocation: components["schemas"]["PublicBookingAllocation"];
            cancellation: components["schemas"]["PublicBookingCancellation"];
            flight_watch: components["schemas"]["PublicFlightWatch"];
            cancellation_policy: components["schemas"]["PublicCancellationTerms"];
        };
        /** @description The chauffeur and car on the ride; null before allocation. */
        PublicBookingAllocation: {
            /** @description The fleet unit (`unit_…`); null for a sandbox ride. */
            unit: string | null;
            chauffeur: {
                name: string;
                phone: string;
            };
            vehicle: {
                make: string;
                model: string;
                color: string;
                plate: string;
            };
            /** @description When the chauffeur was allocated, ISO 8601 UTC. */
            allocated_at: string;
            /** @description When the chauffeur accepted the ride; null while the answer is awaited. An allocation that asks no answer (a sandbox ride's simulated chauffeur, one made by operations) is accepted when made. */
            accepted_at: string | null;
            /** @description When the chauffeur is expected at the pickup: the time of the latest ETA report (status change or GPS position) plus its minutes. Null before the chauffeur sets off and after pickup; the arrival time once arrived. */
            eta_at: string | null;
        } | null;
        /** @description How the ride ended before its trip; null otherwise. */
        PublicBookingCancellation: {
            /**
             * @example passenger_request
             * @enum {string}
             */
            reason: "passenger_request" | "flight_cancelled" | "flight_delayed" | "duplicate_booking" | "booked_in_error" | "driver_late" | "other" | "driver_cancelled" | "no_driver_available" | "passenger_no_show";
            note: string | null;
            /**
             * @description `integrator`, `partner`, `ops`, `driver` or `system`.
             * @example integrator
             */
            cancelled_by: string;
            cancelled_at: string;
            fee: components["schemas"]["PublicAmount"];
        } | null;
        /** @description The flight a live airport pickup meets, watched from three hours before its arrival: the pickup follows its delay or earliness (up to three hours). Null without a flight number, and for sandbox rides. */
        PublicFlightWatch: {
            /** @example AF1234 */
            flight_number: string;
            scheduled_arrival: string;
            estimated_arrival: string;
            /** @enum {string} */
            status: "scheduled" | "delayed" | "landed" | "cancelled" | "diverted";
            /** @description When the flight was last looked up; null before the first look. */
            checked_at: string | null;
        } | null;
        /** @description What cancelling the booking would do, by the hub's own rules (the same that `POST …/cancel` charges): free until `free_until`, then `fee_after`; `fee_now` is the fee at `as_of`. */
        PublicCancellationTerms: {
            /** @description `POST …/cancel` would cancel now: false once the passenger is on board or the ride has ended (cancelling then answers 409 `booking_not_cancellable`; a repeated cancellation answers the first one). */
            cancellable: boolean;
            /** @description Free cancellation until this time (ISO 8601 UTC), as booked, rescheduled or freed by a cancelled flight; a ride booked inside the window has none (its booking time). */
            free_until: string;
            /** @description The fee of a cancellation after `free_until`. */
            fee_after: components["schemas"]["PublicAmount"];
            /** @description What cancelling at `as_of` costs: zero up to `free_until`, then `fee_after`. Null when not `cancellable`. */
            fee_now: components["schemas"]["PublicAmount"] | null;
            /** @description The time `fee_now` is reckoned at: when the hub answered (ISO 8601 UTC). */
            as_of: string;
        };
        LoggedEventList: {
            data: components["schemas"]["LoggedEvent"][];
            has_more: boolean;
            /** @description Where the next page starts, also after the last event so far; null only before any event. */
            next_cursor: string | null;
        };
        /** @description The webhook envelope, exactly as delivered (the same bytes, parsed). */
        LoggedEvent: {
            /**
             * @description Event id (evt_…), the one its webhooks carry.
             * @example evt_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            id: string;
            /** @enum {string} */
            type: "booking.status_changed" | "booking.cancelled" | "booking.rescheduled" | "invoice.created" | "credit_note.created" | "payment.succeeded" | "payment.failed" | "payment.action_required" | "payment.refunded" | "invoice.paid" | "settlement.paid" | "settlement.failed";
            /** @description ISO 8601 UTC. */
            created: string;
            livemode: boolean;
            /** @description The event's data as its webhook carries it (catalogue and schemas: /events.json). */
            data: {
                [key: string]: unknown;
            };
        };
        PublicQuote: {
            /** @example qt_01jd2k3m4n5p6q7r8s9t0v1w2x */
            quote_id: string;
            /** @description Book it (POST /api/public/v1/bookings with `quote_id`) before this time. */
            expires_at: string;
            livemode: boolean;
            vehicle_class: string;
            pickup_at: string;
            /** @description The pickup as the booking will read it. */
            pickup_address: string;
            /** @description The drop-off as the booking will read it. */
            dropoff_address: string;
            pax: number;
            distance_km: number;
            duration_min: number;
            fare: components["schemas"]["Fare"];
            total: components["schemas"]["PublicAmount"];
            cancellation_policy: {
                /** @description Free cancellation until this time if booked now. */
                free_until: string;
                fee_after: components["schemas"]["PublicAmount"];
            };
            created_at: string;
        };
        InvoiceList: {
            data: components["schemas"]["Invoice"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        Invoice: {
            /** @example INV-2026-000042 */
            number: string;
            /** @enum {string} */
            type: "invoice" | "credit_note";
            /** @description The billed account (a partner is billed through its linked account). */
            account: string;
            /** @enum {string} */
            status: "open" | "paid" | "void" | "uncollectible" | "issued";
            issued_at: string;
            due_at: string | null;
            period: {
                id: string;
                start: string;
                end: string;
            };
            currency: string;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            net: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            tax: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            gross: number;
            /** @description The EN 16931 rounding amount (BT-114): VAT is rounded once per bucket, so the gross can land a minor unit or so away from the sum of the prices the rides were agreed at; this brings it back. Zero on documents issued before it existed. */
            rounding: number;
            /** @description Gross plus rounding (BT-115): what the account pays, the sum of the agreed prices (what the payment page charges). */
            amount_due: number;
            tax_buckets: components["schemas"]["TaxBucket"][];
            /** @description On a credit note: the number of the invoice it reverses. */
            credits: string | null;
            /** @description An invoice's payment page (card, 3-D Secure): null on a credit note. A paid invoice's page says so. */
            hosted_payment_url: string | null;
            livemode: boolean;
        };
        TaxBucket: {
            /** @enum {string} */
            category: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "out_of_scope";
            /** @description Percent, e.g. 10 or 8.875. */
            rate: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            net: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            tax: number;
        };
        InvoiceWithLines: {
            /** @example INV-2026-000042 */
            number: string;
            /** @enum {string} */
            type: "invoice" | "credit_note";
            /** @description The billed account (a partner is billed through its linked account). */
            account: string;
            /** @enum {string} */
            status: "open" | "paid" | "void" | "uncollectible" | "issued";
            issued_at: string;
            due_at: string | null;
            period: {
                id: string;
                start: string;
                end: string;
            };
            currency: string;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            net: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            tax: number;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            gross: number;
            /** @description The EN 16931 rounding amount (BT-114): VAT is rounded once per bucket, so the gross can land a minor unit or so away from the sum of the prices the rides were agreed at; this brings it back. Zero on documents issued before it existed. */
            rounding: number;
            /** @description Gross plus rounding (BT-115): what the account pays, the sum of the agreed prices (what the payment page charges). */
            amount_due: number;
            tax_buckets: components["schemas"]["TaxBucket"][];
            /** @description On a credit note: the number of the invoice it reverses. */
            credits: string | null;
            /** @description An invoice's payment page (card, 3-D Secure): null on a credit note. A paid invoice's page says so. */
            hosted_payment_url: string | null;
            livemode: boolean;
            lines: components["schemas"]["InvoiceLine"][];
        };
        InvoiceLine: {
            position: number;
            /** @description The booking the line bills. */
            ref: string | null;
            /** @enum {string} */
            kind: "fare" | "waiting" | "cancellation_fee" | "no_show_fee" | "commission" | "refund";
            description: string;
            /** @description A decimal amount in the document currency (minor units / 10^exponent). */
            net: number;
            /** @description For information: the tax the line's booking was agreed with (on lines issued before 2026-11-26 and refund lines, the line's share of its bucket's tax); the buckets are what is owed, and the document's `rounding` reconciles the two. */
            tax: number;
            /** @enum {string} */
            category: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "out_of_scope";
            rate: number;
            tax_point: string | null;
            ride: components["schemas"]["InvoiceLineRide"];
        };
        /** @description The ride the line bills, as it stood at issue; null on refund lines and on lines issued before 2026-11-26. */
        InvoiceLineRide: {
            /**
             * @description The booked pickup, ISO 8601 UTC.
             * @example 2026-10-03T08:00:00.000Z
             */
            pickup_at: string;
            /**
             * @description The market's IANA time zone.
             * @example Europe/Paris
             */
            time_zone: string;
            /**
             * @description The pickup in that time zone, with its offset.
             * @example 2026-10-03T10:00+02:00
             */
            pickup_local: string;
            /**
             * @description The pickup address (coordinates for bookings made without one).
             * @example 10 rue de Rivoli, 75001 Paris
             */
            from: string;
            /** @example CDG Terminal 2E */
            to: string;
            /** @example business */
            vehicle_class: string;
            /** @description Only where the account asked for passenger names on its invoices (off by default). */
            passenger_name: string | null;
            /**
             * @description The booking's `customer_reference` (the line's BT-133).
             * @example PO-771
             */
            customer_reference: string | null;
        } | null;
        SettlementList: {
            data: components["schemas"]["Settlement"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        Settlement: {
            /** @example ST-2026-000042 */
            settlement: string;
            /** @description The fleet unit (`unit_…`), or `sandbox:<licence>` for a simulated driver. */
            driver: string;
            driver_name: string;
            period: {
                id: string;
                start: string;
                end: string;
            };
            currency: string;
            /** @description A decimal amount in the settlement currency. */
            earnings: number;
            /** @description A decimal amount in the settlement currency. */
            commission: number;
            /** @description A decimal amount in the settlement currency. */
            fees: number;
            /** @description earnings − commission − fees (and any balance carried over); never negative. */
            payable: number;
            /**
             * @description pending until paid; failed (tried again next period); returned by the bank (the next settlement pays it again).
             * @enum {string}
             */
            status: "pending" | "paid" | "failed" | "returned";
            paid_at: string | null;
            failure_reason: string | null;
            livemode: boolean;
        };
        PaymentList: {
            data: components["schemas"]["Payment"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        Payment: {
            /** @example pay_01jd2k3m4n5p6q7r8s9t0v1w2x */
            payment_id: string;
            /** @example INV-2026-000123 */
            invoice: string;
            account: string;
            /** @description A decimal amount in `currency`. */
            amount: number;
            currency: string;
            /** @enum {string} */
            status: "processing" | "requires_action" | "succeeded" | "failed";
            /** @description Collected by the settlement cycle from the saved card (no customer present). */
            off_session: boolean;
            /** @description The card: never its number. */
            method: components["schemas"]["Card"] | null;
            /** @description The EMV 3-D Secure 2 result. */
            three_ds: components["schemas"]["ThreeDs"] | null;
            /** @description Why it failed: `3ds_challenge_abandoned`, `3ds_authentication_failed` or the issuer’s decline code. */
            reason: string | null;
            created: string;
            succeeded_at: string | null;
            /** @description Refunded so far, in `currency`. */
            refunded: number;
            livemode: boolean;
        };
        Card: {
            brand: string;
            last4: string;
            exp_month: number;
            exp_year: number;
        };
        ThreeDs: {
            version: string;
            /** @enum {string} */
            flow: "frictionless" | "challenge";
            /** @enum {string} */
            trans_status: "Y" | "N" | "U" | "A" | "C" | "R";
            eci: string | null;
            /** @enum {string} */
            outcome: "pending" | "authenticated" | "attempted" | "failed" | "abandoned" | "rejected" | "unavailable";
        };
        SettlementWithLines: {
            /** @example ST-2026-000042 */
            settlement: string;
            /** @description The fleet unit (`unit_…`), or `sandbox:<licence>` for a simulated driver. */
            driver: string;
            driver_name: string;
            period: {
                id: string;
                start: string;
                end: string;
            };
            currency: string;
            /** @description A decimal amount in the settlement currency. */
            earnings: number;
            /** @description A decimal amount in the settlement currency. */
            commission: number;
            /** @description A decimal amount in the settlement currency. */
            fees: number;
            /** @description earnings − commission − fees (and any balance carried over); never negative. */
            payable: number;
            /**
             * @description pending until paid; failed (tried again next period); returned by the bank (the next settlement pays it again).
             * @enum {string}
             */
            status: "pending" | "paid" | "failed" | "returned";
            paid_at: string | null;
            failure_reason: string | null;
            livemode: boolean;
            lines: components["schemas"]["SettlementLine"][];
        };
        SettlementLine: {
            position: number;
            /** @description The booking the line is for (null for fees, adjustments and a carried balance). */
            ref: string | null;
            /**
             * @description ride and no_show: net earnings; waiting: pay for waiting past the free window; commission: the platform’s; fee and adjustment: recorded by ops; carry_over: a negative balance from an earlier settlement.
             * @enum {string}
             */
            kind: "ride" | "waiting" | "no_show" | "commission" | "fee" | "adjustment" | "carry_over";
            description: string;
            /** @description Signed: the lines of a settlement add up to its payable (before a negative balance is carried). */
            amount: number;
        };
        PayoutFileList: {
            data: components["schemas"]["PayoutFile"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        PayoutFile: {
            /** @example pf_01jd8y3k2m4n5p6q7r8s9t0v1w */
            id: string;
            /** @description Gapless per year and environment: `PF-2026-000001`, sandbox `PF-TEST-2026-000001`. */
            number: string;
            /** @example pain.001.001.09 */
            format: string;
            created_at: string;
            /**
             * @description The requested execution date (the next TARGET2 business day).
             * @example 2026-12-02
             */
            execution_date: string;
            /** @description NbOfTxs: one credit transfer per settlement. */
            transactions: number;
            /** @description CtrlSum: the sum of the transfers. */
            control_sum: number;
            currency: string;
            /** @description The account the file is drawn on, masked. */
            debtor_iban: string;
            /** @description SHA-256 of the file as served: what the bank receives is what the hub wrote. */
            sha256: string;
            livemode: boolean;
        };
        BankStatementImport: {
            statement: {
                id: string;
                /** @enum {string} */
                message: "camt.053.001.08" | "camt.054.001.08" | "pain.002.001.10";
                message_id: string;
                /** @description A pain.002’s OrgnlMsgId: the number of the payout file it reports on (`PF-2026-000001`); null for a statement. */
                original_message_id: string | null;
                /** @description A pain.002’s group status (`ACCP`, `PART`, `RJCT`…); null for a statement. */
                group_status: string | null;
                /** @description The same file was imported before: nothing changed this time. */
                duplicate: boolean;
                livemode: boolean;
            };
            transactions: number;
            paid: number;
            returned: number;
            unchanged: number;
            unmatched: {
                entry: number;
                end_to_end_id: string | null;
                amount: number | null;
            }[];
            /** @description pain.002 statuses other than `RJCT`: recorded, never a payment. */
            status_recorded: number;
            lines: {
                /** @description The entry’s position in the file. */
                entry: number;
                /** @description The EndToEndId: the payout id the hub wrote (`<settlement>:<attempt>`). */
                end_to_end_id: string | null;
                /**
                 * @description What the line did: paid or returned a payout (a pain.002 `RJCT` returns it), found it already so, matched none, changed nothing (pending, informational), or recorded a pain.002 status other than `RJCT` (`ACCP`, `ACSC`, `ACSP`, `PDNG`…: never a payment).
                 * @enum {string}
                 */
                outcome: "paid" | "returned" | "already_paid" | "already_returned" | "unmatched" | "amount_mismatch" | "ignored" | "status_recorded";
                settlement: string | null;
                amount: number | null;
                /** @description A return’s or rejection’s ISO 20022 reason code (AC04 closed account, AC01 wrong account number, AM04 insufficient funds…). */
                reason: string | null;
                booking_date: string | null;
                /** @description A pain.002 line’s transaction status (`RJCT`, `ACCP`, `ACSC`…, inherited from the payment or group when the transaction has none); null on a statement line. */
                status: string | null;
            }[];
        };
        BookingStatus: {
            /** @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x */
            id: string;
            /**
             * @description See docs/booking-lifecycle.md.
             * @example on_the_way
             * @enum {string}
             */
            status: "confirmed" | "assigned" | "on_the_way" | "arrived" | "on_board" | "completed" | "cancelled" | "no_show" | "no_driver_available";
            /**
             * @description Driver's ETA to the pickup while on the way.
             * @example 4
             */
            eta_minutes: number | null;
            /** @description Null until a driver is assigned. */
            driver: {
                /** @example Camille Martin */
                name: string;
                /** @example +33600000001 */
                phone: string;
                /** @example 4.9 */
                rating: number;
            } | null;
            /** @description Null until a driver is assigned. */
            vehicle: {
                /** @example Mercedes-Benz */
                make: string;
                /** @example E-Class */
                model: string;
                /** @example SB-042-XZ */
                plate: string;
                /**
                 * @description Current position of the car; null until it reports one.
                 * @example 48.9
                 */
                lat: number | null;
                /** @example 2.45 */
                lng: number | null;
            } | null;
            /** @description When the booking last changed (ISO 8601 UTC). */
            updated_at: string;
        };
        FleetUnitList: {
            data: components["schemas"]["FleetUnit"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        FleetUnit: {
            id: string;
            /** @example PAR */
            market: string;
            /** @example executive */
            vehicle_class: string;
            vehicle: {
                make: string;
                model: string;
                year: number;
                color: string;
                plate: string;
            };
            chauffeur: {
                name: string;
                phone: string;
                photo_url: string;
                licence_no: string;
                rating: number;
            };
            compliance: {
                state: components["schemas"]["ComplianceState"];
                /** @description The document that lapses first (or is missing), and when. */
                next_lapse: {
                    /** @enum {string} */
                    document: "driving_licence" | "insurance" | "vehicle_inspection" | "operator_permit";
                    at: string | null;
                } | null;
                documents: {
                    /** @enum {string} */
                    type: "driving_licence" | "insurance" | "vehicle_inspection" | "operator_permit";
                    /** @description Valid through this UTC day; null when not on file. */
                    expires_on: string | null;
                    /** @description ISO 8601: 00:00 UTC the day after `expires_on`. */
                    lapses_at: string | null;
                    state: components["schemas"]["ComplianceState"];
                }[];
            };
            dispatch_state: components["schemas"]["DispatchState"];
            /** @description Latest reported position. */
            position: {
                lat: number;
                lng: number;
                at: string;
            } | null;
            updated_at: string;
        };
        DriverUnit: {
            /** @example unit_01jd2k3m4n5p6q7r8s9t0v1w2x */
            unit_id: string;
            /** @enum {string} */
            dispatch_state: "offline" | "available" | "assigned" | "on_trip";
            /** @description The ride the unit holds, if any. */
            booking_id: string | null;
            /**
             * @description While the ride awaits the driver's answer: accept (or decline) it before this time, 120 s after the allocation, or it goes to the next unit and this one offline. Null otherwise.
             * @example 2026-11-24T08:02:00.000Z
             */
            accept_by: string | null;
            /** @enum {string} */
            compliance: "compliant" | "expiring" | "lapsed";
            vehicle: {
                make: string;
                model: string;
                plate: string;
            };
            chauffeur: {
                name: string;
            };
            position: {
                lat: number;
                lng: number;
                at: string;
            } | null;
        };
        DriverBankAccount: {
            /** @description The fleet unit. */
            driver: string;
            holder: string;
            /**
             * @description Masked: country and check digits and the last four.
             * @example DE89 **** **** **** **30 00
             */
            iban: string;
            /** @description The IBAN’s country (ISO 3166-1 alpha-2). */
            country: string;
            bic: string | null;
            created_at: string;
            updated_at: string;
        };
        DriverPositionResult: {
            /** @description False when a newer position was already known: the latest wins. */
            applied: boolean;
            /** @description The ride the position was applied to (on the way, arrived or on board). */
            booking_id: string | null;
            /** @description ETA to the pickup before boarding, to the drop-off on board. */
            eta_minutes: number | null;
        };
        DriverRideProgressResult: {
            /** @example bkg_01jd2k3m4n5p6q7r8s9t0v1w2x */
            booking_id: string;
            /**
             * @description The ride's status after the report (docs/booking-lifecycle.md).
             * @enum {string}
             */
            status: "confirmed" | "assigned" | "on_the_way" | "arrived" | "on_board" | "completed" | "cancelled" | "no_show" | "no_driver_available";
        };
        /** @description The `data:` of each Server-Sent Event, as JSON. Every event has an `id:`; reconnect with `Last-Event-ID` to get only what changed since. */
        TrackingEvent: {
            /** @example on_the_way */
            status: string;
            headline: string;
            pickup_at: string;
            pickup: {
                lat: number;
                lng: number;
            };
            dropoff: {
                lat: number;
                lng: number;
            };
            /** @description The pickup address of the booking; null when it was made with coordinates only. */
            pickup_address: string | null;
            dropoff_address: string | null;
            driver: {
                first_name: string;
            } | null;
            vehicle: {
                make: string;
                model: string;
                color: string;
                plate: string;
            } | null;
            /** @description Only while the driver is on the way, arrived or on board. */
            position: {
                lat: number;
                lng: number;
                at: string;
            } | null;
            eta_minutes: number | null;
            ended: boolean;
        };
        Quote: {
            /** @example qt_01jd2k3m4n5p6q7r8s9t0v1w2x */
            quote_id: string;
            /** @description Book it (POST /v1/bookings with `quote_id`) before this time. */
            expires_at: string;
            livemode: boolean;
            vehicle_class: string;
            pax: number;
            distance_km: number;
            duration_min: number;
            fare: components["schemas"]["Fare"];
            cancellation_policy: {
                /** @description Free cancellation until this time if booked now. */
                free_until: string;
                /** @description Fee charged for a cancellation after `free_until`. */
                fee_after: number;
                currency: string;
            };
            /** @description Present when `currency` is not EUR, the currency tariffs are set in: the rate used and its time. */
            exchange_rate?: components["schemas"]["ExchangeRate"];
            created_at: string;
        };
        WebhookEndpoint: {
            /**
             * @description Where events are POSTed; null when none is set.
             * @example https://ota.example.com/hooks/dispatch
             */
            url: string | null;
            /**
             * @description The signing secret's prefix and last four characters.
             * @example phsec_…x9Qa
             */
            secret_hint: string;
            /**
             * @description During a rotation overlap, when the previous secret stops signing (deliveries carry both signatures until then); null otherwise.
             * @example null
             */
            previous_secret_expires_at: string | null;
        };
        WebhookDestinationWithSecret: {
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            id: string;
            url: string;
            description: string | null;
            events: string[];
            /**
             * @description The signing secret, masked.
             * @example whsec_…k3Qz
             */
            signing_secret_masked: string;
            /** @enum {string} */
            status: "active" | "paused";
            /** @description Why and since when the destination is paused; null while active. */
            paused: {
                reason: string;
                since: string;
            } | null;
            /** @description Delivery attempts in the last 24 hours that succeeded and that failed. */
            deliveries_24h: {
                delivered: number;
                failed: number;
            };
            /** @description The retry schedule: attempts per event, the longest wait between them, the pause threshold. */
            retry: {
                attempts: number;
                backoff_ceiling_seconds: number;
                pause_after_failures: number;
            };
            livemode: boolean;
            created_at: string;
            updated_at: string;
            /**
             * @description The full signing secret; afterwards the record shows it masked, and `GET …/{id}/secret` reveals it.
             * @example whsec_AbC…
             */
            signing_secret: string;
        };
        WebhookDestinationSecret: {
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            id: string;
            /**
             * @description The current signing secret: every delivery carries its `v1=` signature.
             * @example whsec_q0m1F4n8s2K9x7VbTz3YcA5HdL6RwE1jNuPgIoQk8Ss=
             */
            signing_secret: string;
            /** @description During a rotation’s overlap (24 h unless the rotation said otherwise) the previous secret; null otherwise. */
            previous: {
                /**
                 * @description The secret before the last rotation, still signing beside the current one.
                 * @example whsec_q0m1F4n8s2K9x7VbTz3YcA5HdL6RwE1jNuPgIoQk8Ss=
                 */
                signing_secret: string;
                /** @description When it stops signing: the end of the rotation’s overlap (ISO 8601 UTC). */
                expires_at: string;
            } | null;
        };
        TestWebhookSent: {
            /** @example evt_01jd2k3m4n5p6q7r8s9t0v1w2x */
            event_id: string;
            /** @constant */
            event: "webhook.test";
            url: string;
        };
        WebhookDestinationList: {
            data: components["schemas"]["WebhookDestination"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        WebhookDestination: {
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            id: string;
            url: string;
            description: string | null;
            events: string[];
            /**
             * @description The signing secret, masked.
             * @example whsec_…k3Qz
             */
            signing_secret_masked: string;
            /** @enum {string} */
            status: "active" | "paused";
            /** @description Why and since when the destination is paused; null while active. */
            paused: {
                reason: string;
                since: string;
            } | null;
            /** @description Delivery attempts in the last 24 hours that succeeded and that failed. */
            deliveries_24h: {
                delivered: number;
                failed: number;
            };
            /** @description The retry schedule: attempts per event, the longest wait between them, the pause threshold. */
            retry: {
                attempts: number;
                backoff_ceiling_seconds: number;
                pause_after_failures: number;
            };
            livemode: boolean;
            created_at: string;
            updated_at: string;
        };
        RotatedWebhookSecret: {
            /**
             * @description The new signing secret. Shown only in this response: store it now.
             * @example phsec_3kQ…
             */
            secret: string;
            url: string | null;
            /**
             * Format: date-time
             * @description Until then the previous secret keeps signing beside the new one (`X-Signature-Previous`, a second `v1=` in `X-Signature-V2`).
             * @example 2026-11-26T09:00:00Z
             */
            previous_secret_expires_at: string;
        };
        WebhookTestEvent: {
            /** @example evt_01jd2k3m4n5p6q7r8s9t0v1w2x */
            event_id: string;
            /** @example dlv_01jd2k3m4n5p6q7r8s9t0v1w2x */
            delivery_id: string;
        };
        WebhookDestinationStats: {
            /** @constant */
            object: "webhook_destination_stats";
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            destination: string;
            from: string;
            to: string;
            /** @description Events sent to the destination in the window, each once in the state of its latest delivery: delivered, failed for good, or pending (still retrying, or parked while the destination is paused). */
            deliveries: {
                delivered: number;
                failed: number;
                pending: number;
            };
            /** @description Delivery attempts made in the window, by outcome. */
            attempts: {
                succeeded: number;
                failed: number;
            };
            /** @description Attempts per hour from `from` (the last hour may be shorter): a small chart. */
            hourly: {
                succeeded: number;
                failed: number;
                start: string;
            }[];
        };
        WebhookRecovery: {
            /** @constant */
            object: "webhook_recovery";
            id: string;
            /**
             * @description Destination id.
             * @example whd_01jd2k3m4n5p6q7r8s9t0v1w2x
             */
            destination: string;
            since: string;
            /** @description When the recovery was asked for: events created in [since, until) are recovered. */
            until: string;
            /** @enum {string} */
            status: "running" | "completed";
            /** @description Failed deliveries to redeliver, counted when the recovery began. */
            count: number;
            /** @description Redelivered so far (one that meanwhile got a delivery of its own is skipped). */
            redelivered: number;
            created_at: string;
            completed_at: string | null;
        };
        WebhookDeliveryAttemptList: {
            data: components["schemas"]["WebhookDeliveryAttempt"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        WebhookDeliveryAttempt: {
            /** @example 1042 */
            id: string;
            /** @description The delivery (dlv_…), the same for every attempt of one event to one destination. */
            delivery_id: string;
            event_id: string;
            event_type: string;
            destination_id: string;
            url: string;
            sent_at: string;
            attempt: number;
            response_ms: number;
            /** @description HTTP status; null when no answer came (see error). */
            response_status: number | null;
            /** @description Error class when no answer came: timeout, connection_refused, blocked_address, … */
            error: string | null;
            succeeded: boolean;
        };
        WebhookDeliveryAttemptWithPayload: {
            /** @example 1042 */
            id: string;
            /** @description The delivery (dlv_…), the same for every attempt of one event to one destination. */
            delivery_id: string;
            event_id: string;
            event_type: string;
            destination_id: string;
            url: string;
            sent_at: string;
            attempt: number;
            response_ms: number;
            /** @description HTTP status; null when no answer came (see error). */
            response_status: number | null;
            /** @description Error class when no answer came: timeout, connection_refused, blocked_address, … */
            error: string | null;
            succeeded: boolean;
            /** @description The exact body sent. */
            payload: string;
        };
        RedeliveryResult: {
            deliveries: {
                delivery_id: string;
                event_id: string;
                destination_id: string;
            }[];
        };
        PartnerWebhookDeliveryAttemptList: {
            data: components["schemas"]["PartnerWebhookDeliveryAttempt"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        PartnerWebhookDeliveryAttempt: {
            /** @example 1042 */
            id: string;
            event_id: string;
            event_type: string;
            url: string;
            sent_at: string;
            attempt: number;
            response_ms: number;
            response_status: number | null;
            error: string | null;
            succeeded: boolean;
        };
        PartnerWebhookDeliveryAttemptWithPayload: {
            /** @example 1042 */
            id: string;
            event_id: string;
            event_type: string;
            url: string;
            sent_at: string;
            attempt: number;
            response_ms: number;
            response_status: number | null;
            error: string | null;
            succeeded: boolean;
            payload: string;
        };
        PartnerRedeliveryResult: {
            event_ids: string[];
        };
        ConsoleLink: {
            /** @constant */
            object: "console_link";
            /** @description Open it in a browser once, within 10 minutes: it signs into the console. */
            url: string;
            expires_at: string;
            account: string;
            livemode: boolean;
            scopes: string[];
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        ApiKey: {
            /** @constant */
            object: "api_key";
            /**
             * @description The id inside the key (`hub_<env>_<id>_…`); not secret.
             * @example a1B2c3D4e5F6
             */
            id: string;
            label: string;
            /**
             * @description The key with its secret hidden: prefix, id and last four.
             * @example hub_test_a1B2c3D4e5F6_…wXyZ
             */
            masked: string;
            livemode: boolean;
            scopes: string[];
            rate_per_minute: number;
            created_at: string;
            /** @description To the minute: written at most once a minute per key. */
            last_used_at: string | null;
            revoked_at: string | null;
            /** @description One of `npm start`'s demo keys: read-only, never revoked through the API. */
            demo: boolean;
        };
        ApiKeyWithSecret: {
            /** @constant */
            object: "api_key";
            /**
             * @description The id inside the key (`hub_<env>_<id>_…`); not secret.
             * @example a1B2c3D4e5F6
             */
            id: string;
            label: string;
            /**
             * @description The key with its secret hidden: prefix, id and last four.
             * @example hub_test_a1B2c3D4e5F6_…wXyZ
             */
            masked: string;
            livemode: boolean;
            scopes: string[];
            rate_per_minute: number;
            created_at: string;
            /** @description To the minute: written at most once a minute per key. */
            last_used_at: string | null;
            revoked_at: string | null;
            /** @description One of `npm start`'s demo keys: read-only, never revoked through the API. */
            demo: boolean;
            /** @description The whole key, `hub_<env>_…`: store it now. */
            secret: string;
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
         * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
         */
        IdempotencyKey: string;
        /**
         * @description Required here. Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
         * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
         */
        RequiredIdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Echoes a valid incoming `X-Request-Id` (8–128 of `A-Za-z0-9._:-`), else a new `req_…` id. */
        "X-Request-Id": string;
        /** @description IETF RateLimit policy: requests allowed (`q`) per window of `w` seconds. */
        "RateLimit-Policy": string;
        /** @description IETF RateLimit fields: requests remaining (`r`) and seconds until the window resets (`t`). */
        RateLimit: string;
        /** @description Requests allowed per minute for this credential. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current minute. */
        "X-RateLimit-Remaining": number;
        /** @description When the current window ends, in Unix epoch seconds. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description `true` when this is the stored response to an earlier request with the same `Idempotency-Key`. */
        "Idempotent-Replayed": "true";
        /** @description The authentication challenge (RFC 6750 for bearer tokens). */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    issueToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "scope": "bookings.read bookings.write"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description A bearer token. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /**
             * @description invalid_request, unsupported_grant_type or invalid_scope.
             *
             *     Request body is not valid JSON ([`invalid_json`](/docs/errors#invalid_json)).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_client. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Web Key Set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server metadata. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationServerMetadata"];
                };
            };
        };
    };
    createBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox credentials only: the simulated ride to play (default `happy_path`). A live credential that sends it gets `422 validation_failed`: live rides are never simulated. */
                "x-sandbox-scenario"?: "happy_path" | "passenger_no_show" | "no_driver_available" | "driver_late" | "driver_cancels";
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "external_id": "OTA-2026-000123",
                 *       "pickup": {
                 *         "address": "Paris Charles de Gaulle Airport, Terminal 2E",
                 *         "lat": 49.0097,
                 *         "lng": 2.5479,
                 *         "datetime": "2027-03-15T08:30:00Z",
                 *         "flight_number": "AF1234"
                 *       },
                 *       "dropoff": {
                 *         "address": "10 Place Vendôme, Paris",
                 *         "lat": 48.8674,
                 *         "lng": 2.3294
                 *       },
                 *       "passenger": {
                 *         "name": "Ada Lovelace",
                 *         "phone": "+33612345678",
                 *         "email": "ada@example.com",
                 *         "pax": 2,
                 *         "luggage": 2
                 *       },
                 *       "vehicle_class": "executive",
                 *       "currency": "EUR"
                 *     }
                 */
                "application/json": components["schemas"]["CreateBookingRequest"];
            };
        };
        responses: {
            /** @description The booking, confirmed. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`conflict`](/docs/errors#conflict): Conflict
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             *     - [`quote_used`](/docs/errors#quote_used): Quote already used
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Quote expired ([`quote_expired`](/docs/errors#quote_expired)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelBooking: {
        parameters: {
            query: {
                /** @description Why you cancel: `passenger_request`, `flight_cancelled`, `flight_delayed`, `duplicate_booking`, `booked_in_error`, `driver_late`, `other` (see docs/booking-lifecycle.md). */
                reason_code: "passenger_request" | "flight_cancelled" | "flight_delayed" | "duplicate_booking" | "booked_in_error" | "driver_late" | "other";
            };
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking is cancelled; the fee, if any, is charged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationResult"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`booking_not_cancellable`](/docs/errors#booking_not_cancellable): Booking cannot be cancelled
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPublicBookings: {
        parameters: {
            query?: {
                /** @description Market code of the pickup, e.g. PAR. */
                market?: string;
                status?: components["schemas"]["PublicBookingStatus"];
                /** @description Pickup time from (inclusive), RFC 3339. */
                from?: string;
                /** @description Pickup time to (exclusive), RFC 3339. */
                to?: string;
                /** @description Only bookings whose `customer_reference` is exactly this (case and spaces count; no prefix or partial match). */
                customer_reference?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of bookings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicBookingList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPublicBooking: {
        parameters: {
            query?: never;
            header: {
                /** @description Sandbox credentials only: the simulated ride to play (default `happy_path`). A live credential that sends it gets `422 validation_failed`: live rides are never simulated. */
                "x-sandbox-scenario"?: "happy_path" | "passenger_no_show" | "no_driver_available" | "driver_late" | "driver_cancels";
                /**
                 * @description Required here. Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key": components["parameters"]["RequiredIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quote_id": "qt_01jd2k3m4n5p6q7r8s9t0v1w2x",
                 *       "passenger": {
                 *         "name": "Ada Lovelace",
                 *         "phone": "+33612345678",
                 *         "email": "ada@example.com"
                 *       },
                 *       "flight_number": "AF1234",
                 *       "notes": "Meet at gate 12 with a name board.",
                 *       "customer_reference": "CC-4711"
                 *     }
                 */
                "application/json": components["schemas"]["PublicBookingRequest"];
            };
        };
        responses: {
            /** @description The booking, confirmed. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicBookingDetail"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             *     - [`quote_used`](/docs/errors#quote_used): Quote already used
             *     - [`conflict`](/docs/errors#conflict): Conflict
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Quote expired ([`quote_expired`](/docs/errors#quote_expired)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPublicBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Booking reference. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking with its allocation. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicBookingDetail"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPublicBookingEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Booking reference. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the booking's events, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoggedEventList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPublicQuote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pickup_lat": 49.0097,
                 *       "pickup_lng": 2.5479,
                 *       "dropoff_lat": 48.8674,
                 *       "dropoff_lng": 2.3294,
                 *       "pickup_place": {
                 *         "iata": "CDG",
                 *         "terminal": "2E"
                 *       },
                 *       "dropoff_address": "8 rue de la Paix, 75002 Paris",
                 *       "datetime": "2027-03-15T08:30:00Z",
                 *       "vehicle_class": "executive",
                 *       "pax": 2,
                 *       "currency": "EUR"
                 *     }
                 */
                "application/json": components["schemas"]["PublicQuoteRequest"];
            };
        };
        responses: {
            /** @description The quote, held until `expires_at`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicQuote"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelPublicBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Booking reference. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "passenger_request",
                 *       "note": "Meeting moved."
                 *     }
                 */
                "application/json": components["schemas"]["PublicCancelRequest"];
            };
        };
        responses: {
            /** @description The booking, cancelled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicBookingDetail"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`booking_not_cancellable`](/docs/errors#booking_not_cancellable): Booking cannot be cancelled
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reschedulePublicBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Booking reference. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pickup_at": "2027-03-15T10:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["RescheduleRequest"];
            };
        };
        responses: {
            /** @description The booking at its new time. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicBookingDetail"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`reschedule_not_allowed`](/docs/errors#reschedule_not_allowed): Pickup time cannot move
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                type?: "invoice" | "credit_note";
                status?: "open" | "paid" | "void" | "uncollectible" | "issued";
                /** @description A period id, e.g. 2026-10. */
                period?: string;
                /** @description Operator keys only: one account (or partner). */
                account?: string;
                /** @description Issued at or after, RFC 3339. */
                from?: string;
                /** @description Issued before, RFC 3339. */
                to?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of documents. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document with its lines. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceWithLines"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvoiceEinvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The UBL document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict ([`conflict`](/docs/errors#conflict)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSettlements: {
        parameters: {
            query?: {
                /** @description A period id, e.g. 2026-10. */
                period?: string;
                /** @description Periods starting at or after, RFC 3339. */
                from?: string;
                /** @description Periods starting before, RFC 3339. */
                to?: string;
                driver?: string;
                status?: "pending" | "paid" | "failed" | "returned";
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of settlements (JSON), or every line item of the selection (CSV). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementList"];
                    /**
                     * @example settlement,driver,driver_name,period,ref,kind,description,amount,currency,status
                     *     ST-2026-000042,unit_01jd…,Jo Martin,2026-10,bkg_01jd…,ride,Ride bkg_01jd…,100,EUR,paid
                     */
                    "text/csv": string;
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                status?: "processing" | "requires_action" | "succeeded" | "failed";
                /** @description An invoice number. */
                invoice?: string;
                /** @description Created at or after, RFC 3339. */
                from?: string;
                /** @description Created before, RFC 3339. */
                to?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of payments. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettlement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settlement with its lines. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementWithLines"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPayoutFiles: {
        parameters: {
            query?: {
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of payout files. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutFileList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPayoutFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pain.001.001.09 document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importBankStatement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": string;
            };
        };
        responses: {
            /** @description What each line of the statement or status report did. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementImport"];
                };
            };
            /** @description Request body is not valid JSON ([`invalid_json`](/docs/errors#invalid_json)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Bank file refused ([`bank_file_invalid`](/docs/errors#bank_file_invalid)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPublicEvents: {
        parameters: {
            query?: {
                /** @description One event type, or a group of them as `<object>.*` (e.g. `booking.*`). */
                type?: "booking.status_changed" | "booking.cancelled" | "booking.rescheduled" | "invoice.created" | "credit_note.created" | "payment.succeeded" | "payment.failed" | "payment.action_required" | "payment.refunded" | "invoice.paid" | "settlement.paid" | "settlement.failed" | "booking.*" | "invoice.*" | "credit_note.*" | "payment.*" | "settlement.*";
                /** @description Events created at or after this time, RFC 3339. */
                from?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoggedEventList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBookingStatus: {
        parameters: {
            query: {
                /** @description The booking id (bkg_…). */
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live status. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingStatus"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rescheduleBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pickup_at": "2027-03-15T10:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["RescheduleRequest"];
            };
        };
        responses: {
            /** @description The booking at its new time. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`reschedule_not_allowed`](/docs/errors#reschedule_not_allowed): Pickup time cannot move
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFleet: {
        parameters: {
            query?: {
                market?: "PAR" | "LON" | "BER" | "MAD" | "ROM" | "AMS" | "ZRH" | "DXB" | "NYC";
                /** @description Vehicle class. */
                class?: "standard" | "executive" | "luxury" | "van" | "minibus";
                compliance?: components["schemas"]["ComplianceState"];
                dispatch_state?: components["schemas"]["DispatchState"];
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of fleet units. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FleetUnitList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDriverUnit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unit. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverUnit"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setDriverAvailability: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "online"
                 *     }
                 */
                "application/json": components["schemas"]["DriverAvailability"];
            };
        };
        responses: {
            /** @description The unit, with its dispatch state. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverUnit"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`conflict`](/docs/errors#conflict): Conflict
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDriverBankAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account, masked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverBankAccount"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setDriverBankAccount: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "holder": "Jo Martin",
                 *       "iban": "DE89 3704 0044 0532 0130 00",
                 *       "bic": "COBADEFFXXX"
                 *     }
                 */
                "application/json": components["schemas"]["DriverBankAccountInput"];
            };
        };
        responses: {
            /** @description The account, masked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverBankAccount"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportDriverPosition: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lat": 48.8584,
                 *       "lng": 2.2945,
                 *       "recorded_at": "2026-12-01T09:30:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["DriverPosition"];
            };
        };
        responses: {
            /** @description Recorded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverPositionResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`conflict`](/docs/errors#conflict): Conflict
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    answerDriverAllocation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "answer": "accept"
                 *     }
                 */
                "application/json": components["schemas"]["DriverAllocationAnswer"];
            };
        };
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportDriverOnTheWay: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "eta_minutes": 12
                 *     }
                 */
                "application/json": components["schemas"]["DriverOnTheWay"];
            };
        };
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportDriverArrived: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportPassengerOnBoard: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportTripCompleted: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "distance_km": 31.4,
                 *       "duration_min": 44
                 *     }
                 */
                "application/json": components["schemas"]["DriverTripCompleted"];
            };
        };
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportPassengerNoShow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report is recorded; the ride's status now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverRideProgressResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid driver credential ([`invalid_driver_credential`](/docs/errors#invalid_driver_credential)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Ride not allocated to this unit ([`not_allocated`](/docs/errors#not_allocated)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`ride_progress_refused`](/docs/errors#ride_progress_refused): Ride progress refused
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    trackPublicBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Booking reference. */
                ref: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["TrackingEvent"];
                };
            };
            /** @description The ride is over: nothing more to stream. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getQuote: {
        parameters: {
            query: {
                /** @description Pickup latitude, -90 to 90. */
                pickup_lat: number;
                /** @description Pickup longitude, -180 to 180. */
                pickup_lng: number;
                /** @description Drop-off latitude, -90 to 90. */
                dropoff_lat: number;
                /** @description Drop-off longitude, -180 to 180. */
                dropoff_lng: number;
                /** @description Pickup time, ISO 8601 with offset. */
                datetime: string;
                /** @description See docs/pricing.md for capacity and tariffs. */
                vehicle_class: components["schemas"]["VehicleClass"];
                /** @description Passengers (default 1); at most what the class seats. */
                pax?: number;
                /** @description ISO 4217 currency of the fare (default EUR). */
                currency?: components["schemas"]["Currency"];
                /** @description Ignored: `fare.commission` is your contractual commission, taken on the net fare (docs/finance.md). Still checked, so a malformed value is reported. */
                commission_pct?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://ota.example.com/hooks/dispatch"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint as it is now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookDestinationSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "overlap_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The destination with its new secret, shown this once. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationWithSecret"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revealWebhookDestinationSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signing secrets. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationSecret"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestWebhookSent"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`conflict`](/docs/errors#conflict): Conflict
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key reused ([`idempotency_key_reused`](/docs/errors#idempotency_key_reused)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDestinations: {
        parameters: {
            query?: {
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of destinations. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://erp.example.com/hooks/dispatch",
                 *       "description": "ERP sync",
                 *       "events": [
                 *         "booking.status_changed",
                 *         "booking.cancelled"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookDestination"];
            };
        };
        responses: {
            /** @description Created; the signing secret is shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationWithSecret"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestination"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "booking.cancelled"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookDestination"];
            };
        };
        responses: {
            /** @description The updated destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestination"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paused destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestination"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resumeWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestination"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key answers the secret the first call made instead of rotating again. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown once (again on a retry with the same key). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event is on its way. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDestinationStats: {
        parameters: {
            query?: {
                /** @description Start of the window (inclusive); 24 hours before `to` by default. */
                from?: string;
                /** @description End of the window (exclusive); now by default. */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationStats"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recoverWebhookDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Destination id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-25T00:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["RecoverWebhookDestination"];
            };
        };
        responses: {
            /** @description The recovery, started (or completed at once when nothing failed). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookRecovery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recovery and how far it got. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                destination?: string;
                /** @description Only attempts of events of this type (`booking.cancelled`). */
                type?: string;
                event?: string;
                status?: "succeeded" | "failed";
                from?: string;
                to?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryAttemptList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamWebhookDeliveries: {
        parameters: {
            query?: {
                destination?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["WebhookDeliveryAttempt"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt and the exact body sent. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryAttemptWithPayload"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "2026-11-22T00:00:00Z",
                 *       "to": "2026-11-23T00:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["RedeliverWebhooks"];
            };
        };
        responses: {
            /** @description The deliveries started. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPartnerWebhookDeliveries: {
        parameters: {
            query?: {
                event?: string;
                status?: "succeeded" | "failed";
                from?: string;
                to?: string;
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerWebhookDeliveryAttemptList"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPartnerWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt and the exact body sent. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerWebhookDeliveryAttemptWithPayload"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverPartnerWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_id": "evt_01jd2k3m4n5p6q7r8s9t0v1w2x"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerRedeliverWebhooks"];
            };
        };
        responses: {
            /** @description The events handed to delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerRedeliveryResult"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`unauthorized`](/docs/errors#unauthorized): Authentication required
             *     - [`invalid_token`](/docs/errors#invalid_token): Invalid access token
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`ip_not_allowed`](/docs/errors#ip_not_allowed): Client address not allowed
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service unavailable ([`service_unavailable`](/docs/errors#service_unavailable)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createConsoleLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "scopes": [
                 *         "bookings.read",
                 *         "webhooks.manage"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateConsoleLink"];
            };
        };
        responses: {
            /** @description The link; it is shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleLink"];
                };
            };
            /** @description Request body is not valid JSON ([`invalid_json`](/docs/errors#invalid_json)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`account_kind_forbidden`](/docs/errors#account_kind_forbidden): Not for this account's kind
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size, 1–100 (default 25). */
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Validation failed ([`validation_failed`](/docs/errors#validation_failed)). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "ERP sync",
                 *       "scopes": [
                 *         "bookings.read",
                 *         "webhooks.manage"
                 *       ],
                 *       "rate_per_minute": 300
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKey"];
            };
        };
        responses: {
            /** @description Created; the key is shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`bad_request`](/docs/errors#bad_request): Bad request
             *     - [`invalid_json`](/docs/errors#invalid_json): Request body is not valid JSON
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Insufficient scope ([`insufficient_scope`](/docs/errors#insufficient_scope)). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Idempotency key in use ([`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use)). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload too large ([`payload_too_large`](/docs/errors#payload_too_large)). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type ([`unsupported_media_type`](/docs/errors#unsupported_media_type)). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first complete response to this key is stored for 24 hours and replayed, with `Idempotent-Replayed: true`, to the same request. A different request with the same key is refused. 1–255 printable ASCII characters (HTTP drops leading and trailing spaces, so a key neither starts nor ends with one); a random UUID is a good choice.
                 * @example 5f0c8f5e-6a4b-4a4e-9a53-2f3c1b7d9e21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key as revoked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Bad request ([`bad_request`](/docs/errors#bad_request)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Invalid API key ([`invalid_api_key`](/docs/errors#invalid_api_key)). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`insufficient_scope`](/docs/errors#insufficient_scope): Insufficient scope
             *     - [`demo_key_read_only`](/docs/errors#demo_key_read_only): Demo keys are read-only
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found ([`not_found`](/docs/errors#not_found)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`conflict`](/docs/errors#conflict): Conflict
             *     - [`idempotency_key_in_use`](/docs/errors#idempotency_key_in_use): Idempotency key in use
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description One of:
             *
             *     - [`validation_failed`](/docs/errors#validation_failed): Validation failed
             *     - [`idempotency_key_reused`](/docs/errors#idempotency_key_reused): Idempotency key reused
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests ([`rate_limited`](/docs/errors#rate_limited)). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
