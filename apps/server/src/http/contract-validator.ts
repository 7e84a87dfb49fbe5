import type { RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { isDay } from "../days.js";

export interface ContractValidatorOptions {
  openApiDocument: Record<string, unknown>;
  /** Also checks every response against the contract (tests; GEO_VALIDATE_RESPONSES). */
  validateResponses: boolean;
}

/**
 * Checks requests (and, when asked, responses) against the contract. Building it is cheap;
 * its first request to each operation compiles that operation's schemas, which costs tens
 * to hundreds of milliseconds. It keeps no request state, so servers in one process (test
 * servers) may share one and compile each operation once (patches/express-openapi-validator
 * installs its path parameters on every app it serves).
 */
export function contractValidator({
  openApiDocument,
  validateResponses,
}: ContractValidatorOptions): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec: structuredClone(openApiDocument) as never,
    validateRequests: { allErrors: true, removeAdditional: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    // The contract's one day type (components/schemas/Day): a real day within its bounds.
    formats: { day: { type: "string", validate: isDay } },
    ignoreUndocumented: false,
    // Webhook bodies are raw bytes checked by signature in their handler.
    ignorePaths: (path: string) =>
      !path.startsWith("/api/") || path.startsWith("/api/v1/webhooks/"),
  }) as unknown as RequestHandler[];
}
