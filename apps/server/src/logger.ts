import { type Logger, pino } from "pino";

interface ErrorLike {
  name?: unknown;
  /** The constructor's name, where pino-http already reduced the error to pino's form. */
  type?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
}

/**
 * How an error is logged (`err`): its name, message, code and stack, and its cause reduced
 * the same way (three levels at most), nothing else. Client libraries hang the request and
 * response on their errors (`config` with the Authorization header, `headers`, `request`,
 * `response`), which pino's standard serializer would log whole. A value that is not an
 * object (a message) is logged as it is.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  const error = value as ErrorLike;
  const text = (field: unknown) => (typeof field === "string" ? field : undefined);
  const code =
    typeof error.code === "string" || typeof error.code === "number" ? error.code : undefined;
  const cause =
    error.cause !== undefined && depth < 3 ? serializeError(error.cause, depth + 1) : undefined;
  const name = text(error.name) ?? text(error.type);
  return {
    ...(name !== undefined ? { name } : {}),
    ...(text(error.message) !== undefined ? { message: error.message } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(text(error.stack) !== undefined ? { stack: error.stack } : {}),
    ...(cause !== undefined ? { cause } : {}),
  };
}

/**
 * Structured JSON logs. Request logs carry the route template, never the raw
 * URL or headers, because paths and headers can hold secrets (invitation
 * tokens, device codes, cookies, bearer keys); errors by `serializeError`. The redact list is
 * a backstop.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "geopulse-server" },
      serializers: { err: serializeError, error: serializeError },
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
