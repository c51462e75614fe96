import pino from 'pino';

import { env } from './env';

/**
 * Structured JSON logs. Personal data never goes in: the redaction list is a safety net for
 * fields that might slip into an error object, not an invitation to log them.
 */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: { service: 'web' },
  redact: {
    paths: ['email', 'phone', 'name', 'surnames', '*.email', '*.phone', '*.name', '*.surnames', 'req.headers.cookie'],
    censor: '[redacted]',
  },
});
