import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'hub'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.client_secret', '*.access_token'], censor: '[redacted]' },
  });
}
