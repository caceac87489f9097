import pino, { type DestinationStream, type Logger } from "pino";

/**
 * JSON logs (DESIGN §8). Secrets never reach a log line: cookies, authorization headers, tokens and
 * passwords are redacted wherever they appear in the objects we log.
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
  "*.newPassword",
  "*.oldPassword",
  "*.passwordRepeat",
  "*.token",
  "*.access_token",
  "*.recruiterToken",
  "*.authorization",
  "*.cookie",
  "*.*.password",
  "*.*.token",
  "*.*.access_token",
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "assessment-platform" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
