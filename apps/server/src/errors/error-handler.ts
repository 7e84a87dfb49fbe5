import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { FIRST_DAY, LAST_DAY } from "../days.js";
import { AppError, errors, type FieldError } from "./app-error.js";

interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
  params?: Record<string, unknown>;
}

interface HttpLikeError {
  status?: number;
  type?: string;
  errors?: ValidatorIssue[];
  message?: string;
  headers?: { Allow?: string };
}

/** `/body/competitors/0/name` -> `body.competitors[0].name`. */
function fieldName(path: string | undefined, extra?: unknown): string {
  const parts = (path ?? "").replace(/^\./, "").split(/[/.]/).filter(Boolean);
  if (typeof extra === "string") parts.push(extra);
  return parts
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("")
    .replace(/^request\./, "");
}

function fieldErrors(issues: ValidatorIssue[]): FieldError[] {
  return issues.map((issue) => {
    const rule =
      issue.errorCode?.replace(/\.openapi\.(validation|requestValidation)$/, "") ?? "invalid";
    const extra = issue.params?.additionalProperty ?? issue.params?.missingProperty;
    const field = fieldName(issue.path, rule === "required" ? undefined : extra);
    const message =
      rule === "additionalProperties" && typeof extra === "string"
        ? `must NOT have additional property '${extra}'`
        : rule === "format" && issue.message === 'must match format "day"'
          ? `must be a calendar day (YYYY-MM-DD) from ${FIRST_DAY} to ${LAST_DAY}`
          : (issue.message ?? "is invalid");
    return { field, rule, message };
  });
}

/** Turns anything thrown during a request into an AppError, by its kind. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const http = error as HttpLikeError;
  // body-parser
  if (http.type === "entity.parse.failed") {
    return errors.field("body", "json", "The body is not valid JSON.");
  }
  if (http.type === "entity.too.large") {
    return errors.payloadTooLarge();
  }
  if (http.type === "encoding.unsupported" || http.type === "charset.unsupported") {
    return errors.unsupportedMediaType("encoding");
  }
  // express-openapi-validator
  switch (http.status) {
    case 400:
      return errors.invalidRequest(fieldErrors(http.errors ?? []));
    case 404:
      return errors.notFound("Route");
    case 405:
      // The validator names the methods the path takes.
      return errors.methodNotAllowed(
        http.headers?.Allow?.split(", ").map((method) => method.toUpperCase()),
      );
    case 413:
      return errors.payloadTooLarge();
    case 415:
      return errors.unsupportedMediaType();
  }
  return errors.internalError();
}

/** The single place where errors become the envelope. */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appError = toAppError(error);
    const requestId = String(res.getHeader("x-request-id") ?? "");
    const log = (req as Request & { log?: Logger }).log ?? logger;
    if (appError.status >= 500) {
      log.error({ err: error, code: appError.code }, "request failed");
    } else {
      log.info({ code: appError.code, status: appError.status }, "request rejected");
    }
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(appError.headers ?? {})) res.setHeader(name, value);
    res.status(appError.status).json({
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.details ? { details: appError.details } : {}),
        requestId,
      },
    });
  };
}
