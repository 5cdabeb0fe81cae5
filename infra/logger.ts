import pino, { type DestinationStream, type Logger } from 'pino';
import { loggedError } from './logged-error';

export type { Logger };

/** An error (anything with a message or a stack, whatever its realm) described by `loggedError`; other values as they are. */
const errorField = (value: unknown) =>
  typeof value === 'object' && value !== null && ('message' in value || 'stack' in value) ? loggedError(value) : value;

/** `destination`: where the JSON lines go (a test reading them); standard output otherwise. */
export function createLogger(level: string, name = 'hub', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.client_secret', '*.access_token'], censor: '[redacted]' },
      // Our code logs `{ err }`, the Temporal SDK a failed activity or worker as `{ error }`: both name code and message.
      serializers: { err: errorField, error: errorField },
    },
    destination,
  );
}
