/**
 * The closed set of problem codes both APIs answer with; docs/errors.md describes each. The application layer raises
 * them, the API turns them into RFC 9457 documents (api/errors.ts).
 */
export const PROBLEMS = {
  bad_request: { status: 400, title: 'Bad request' },
  invalid_json: { status: 400, title: 'Request body is not valid JSON' },
  unauthorized: { status: 401, title: 'Authentication required' },
  invalid_token: { status: 401, title: 'Invalid access token' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  invalid_driver_credential: { status: 401, title: 'Invalid driver credential' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  ip_not_allowed: { status: 403, title: 'Client address not allowed' },
  account_kind_forbidden: { status: 403, title: "Not for this account's kind" },
  not_allocated: { status: 403, title: 'Ride not allocated to this unit' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use' },
  booking_not_cancellable: { status: 409, title: 'Booking cannot be cancelled' },
  reschedule_not_allowed: { status: 409, title: 'Pickup time cannot move' },
  ride_progress_refused: { status: 409, title: 'Ride progress refused' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused' },
  bank_file_invalid: { status: 422, title: 'Bank file refused' },
  quote_expired: { status: 410, title: 'Quote expired' },
  quote_used: { status: 409, title: 'Quote already used' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

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
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly options: ProblemOptions = {},
  ) {
    super(options.detail ?? PROBLEMS[code].title);
    this.status = PROBLEMS[code].status;
  }
}
