import type { ProblemCode } from '../errors';

/** The problems every public write can answer, whatever it writes: the key, the body, the rate and the dispatch service. */
export const PUBLIC_WRITE_ERRORS = [
  'invalid_api_key',
  'insufficient_scope',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'rate_limited',
  'service_unavailable',
] as const satisfies readonly ProblemCode[];
