/**
 * The closed set of problem codes both APIs answer with; docs/errors.md describes each. The application layer raises
 * them; the API gives each its HTTP status and turns it into an RFC 9457 document (api/errors.ts).
 */
export const PROBLEMS = {
  bad_request: { title: 'Bad request' },
  invalid_json: { title: 'Request body is not valid JSON' },
  unauthorized: { title: 'Authentication required' },
  invalid_token: { title: 'Invalid access token' },
  invalid_api_key: { title: 'Invalid API key' },
  invalid_driver_credential: { title: 'Invalid driver credential' },
  console_login_required: { title: 'Console login required' },
  insufficient_scope: { title: 'Insufficient scope' },
  ip_not_allowed: { title: 'Client address not allowed' },
  account_kind_forbidden: { title: "Not for this account's kind" },
  csrf_token_invalid: { title: 'CSRF token missing or wrong' },
  cross_site_request: { title: 'Cross-site request refused' },
  demo_key_read_only: { title: 'Demo keys are read-only' },
  not_found: { title: 'Not found' },
  method_not_allowed: { title: 'Method not allowed' },
  conflict: { title: 'Conflict' },
  api_key_in_use: { title: 'API key in use by this caller' },
  idempotency_key_in_use: { title: 'Idempotency key in use' },
  booking_not_cancellable: { title: 'Booking cannot be cancelled' },
  reschedule_not_allowed: { title: 'Pickup time cannot move' },
  ride_progress_refused: { title: 'Ride progress refused' },
  payload_too_large: { title: 'Payload too large' },
  unsupported_media_type: { title: 'Unsupported media type' },
  validation_failed: { title: 'Validation failed' },
  idempotency_key_reused: { title: 'Idempotency key reused' },
  bank_file_invalid: { title: 'Bank file refused' },
  bank_statement_wrong_account: { title: 'Statement of another account' },
  self_billing_identity_missing: { title: 'Chauffeur billing identity missing' },
  amount_not_supported: { title: 'Amount not supported by card' },
  address_far_from_coordinates: { title: 'Address far from its coordinates' },
  quote_expired: { title: 'Quote expired' },
  quote_used: { title: 'Quote already used' },
  rate_limited: { title: 'Too many requests' },
  ride_budget_exceeded: { title: 'Too many rides in progress' },
  internal_error: { title: 'Internal server error' },
  service_unavailable: { title: 'Service unavailable' },
  hub_behind: { title: 'The hub is behind; retry later' },
  geocoder_unavailable: { title: 'Geocoder unavailable' },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

/**
 * The `Retry-After` of every `503 service_unavailable` the hub answers (PostgreSQL or Temporal out of reach, a process
 * shutting down), and of the balancer's own 503 when no API process is ready: one value, so clients back off alike.
 */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export interface FieldError {
  param: string;
  code: string;
  detail: string;
}

export interface ProblemOptions {
  detail?: string;
  param?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members (RFC 9457 extensions), e.g. `scope`. */
  extensions?: Record<string, unknown>;
}

export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly options: ProblemOptions = {},
  ) {
    super(options.detail ?? PROBLEMS[code].title);
  }
}
