import { type Logger, pino } from "pino";

/**
 * Structured JSON logs. Request logs carry the route template, never the raw
 * URL or headers, because paths and headers can hold secrets (invitation
 * tokens, device codes, cookies, bearer keys). The redact list is a backstop.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "geopulse-server" },
      redact: {
        paths: [
          "*.authorization",
          "*.cookie",
          "*.secret",
          "*.token",
          "*.password",
          "*.value",
          "*.apiKey",
          "*.headers",
          'res.headers["set-cookie"]',
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
