import pino, { type DestinationStream, type Logger } from "pino";
import { CENSORED, redactSecrets } from "../app/errors/redact";

/**
 * JSON logs (DESIGN §8), one line per event, level from LOG_LEVEL. Secrets never reach a log line:
 * the well-known places are censored by path (fast), and every logged object is walked once more
 * for keys that name a secret (cookie, authorization, *token*, *password*, …) at any depth, so a
 * new log call cannot leak one by accident (tests/unit/errors-redaction.test.ts).
 */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  "password",
  "token",
  "access_token",
  "recruiterToken",
  "*.password",
  "*.token",
  "*.access_token",
  "*.recruiterToken",
  "*.authorization",
  "*.cookie",
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "assessment-platform" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: CENSORED },
      formatters: {
        level: (label) => ({ level: label }),
        // Child loggers' bindings are not formatted (pino): they only ever carry ids (reqId, cstm).
        log: (object) => redactSecrets(object),
      },
    },
    destination,
  );
}
