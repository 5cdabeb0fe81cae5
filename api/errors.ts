import {
  PROBLEMS as TITLES,
  ProblemError,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  type ProblemCode,
  type ProblemOptions,
} from '../app/problems';

export {
  ProblemError,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  type FieldError,
  type ProblemCode,
  type ProblemOptions,
} from '../app/problems';

/** The HTTP status each problem answers with (docs/errors.md). */
const STATUS: Record<ProblemCode, number> = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  invalid_token: 401,
  invalid_api_key: 401,
  invalid_driver_credential: 401,
  console_login_required: 401,
  insufficient_scope: 403,
  ip_not_allowed: 403,
  account_kind_forbidden: 403,
  csrf_token_invalid: 403,
  cross_site_request: 403,
  demo_key_read_only: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  api_key_in_use: 409,
  idempotency_key_in_use: 409,
  booking_not_cancellable: 409,
  reschedule_not_allowed: 409,
  ride_progress_refused: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  idempotency_key_reused: 422,
  bank_file_invalid: 422,
  bank_statement_wrong_account: 422,
  self_billing_identity_missing: 409,
  amount_not_supported: 422,
  address_far_from_coordinates: 422,
  quote_expired: 410,
  quote_used: 409,
  rate_limited: 429,
  ride_budget_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
  hub_behind: 503,
  geocoder_unavailable: 503,
};

/** Each problem's title and HTTP status. */
export const PROBLEMS = Object.fromEntries(
  (Object.keys(TITLES) as ProblemCode[]).map((code) => [code, { title: TITLES[code].title, status: STATUS[code] }]),
) as Record<ProblemCode, { title: string; status: number }>;

export function problemBody(code: ProblemCode, options: ProblemOptions, requestId: string, instance: string, docsBase: string) {
  return {
    type: `${docsBase}/docs/errors#${code}`,
    title: PROBLEMS[code].title,
    status: PROBLEMS[code].status,
    detail: options.detail ?? PROBLEMS[code].title,
    instance,
    code,
    ...(options.param ? { param: options.param } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...options.extensions,
    request_id: requestId,
  };
}

/** A `503 service_unavailable` the client retries after the hub's one `Retry-After`. */
export function serviceUnavailable(detail: string, options: Omit<ProblemOptions, 'detail'> = {}): ProblemError {
  return new ProblemError('service_unavailable', {
    ...options,
    detail,
    headers: { ...options.headers, 'Retry-After': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
}
