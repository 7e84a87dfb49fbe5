import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { errorStatusByCode } from "@geopulse/api-types";
import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { describe, expect, it } from "vitest";
import { AppError, errors } from "../../src/errors/app-error.js";

type ErrorCodeEntry = { const: string; "x-status": number; description: string };
const document = loadOpenApiDocument() as {
  components: { schemas: { ErrorCode: { oneOf: ErrorCodeEntry[] } } };
};
const contract = document.components.schemas.ErrorCode.oneOf;
const camelCase = (code: string) => code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** One call of every factory; the type makes a new factory need a sample here. */
const samples: { [Name in keyof typeof errors]: Parameters<(typeof errors)[Name]> } = {
  invalidRequest: [[{ field: "body.name", rule: "minLength", message: "too short" }]],
  unknownModel: [
    [{ field: "body.engines[0].model", rule: "catalog", message: "not listed" }],
    { "body.engines[0].model": ["gpt-4.1-mini"] },
  ],
  field: ["body.name", "minLength", "too short"],
  invalidSchedule: ["cron", "Not a cron expression"],
  ambiguousCredentials: [],
  authorizationPending: [5],
  slowDown: [10],
  accessDenied: [],
  expiredToken: [],
  invalidSignature: [],
  malformedRequest: [],
  unauthenticated: [],
  invalidKey: [],
  keyPending: [],
  invalidSession: [],
  invalidSignInToken: [],
  insufficientCredits: [2_000_000n, 1_000_000n],
  sessionRequired: [],
  apiKeyRequired: [],
  insufficientScope: ["metrics:read"],
  oauthGrantOwnerRequired: ["search_console", "body.search_console.property"],
  ipForbidden: [],
  insufficientRole: ["owner", "admin"],
  crossSiteRequest: ["Origin: https://evil.example"],
  invitationEmailMismatch: [],
  workspaceNotFound: [],
  notFound: ["Prompt"],
  invitationNotFound: [],
  methodNotAllowed: [],
  requestTimeout: [],
  idempotencyKeyReused: ["amount"],
  chatTurnInProgress: ["chm_01JD0000000000000000000000"],
  deliveryMismatch: [],
  invalidKeyState: ["revoked", "rotation"],
  invalidTransition: [{ status: "done", action: "accept", allowedFrom: ["proposed"] }],
  rotationNotAcknowledged: [],
  oauthStateInvalid: [],
  oauthAccessDenied: ["acme"],
  oauthExchangeFailed: ["invalid_grant", "acme"],
  googleOauthUnavailable: [],
  connectionNotConfigured: ["search_console"],
  credentialExists: [{ connector: "openai", key: "api_key" }],
  alreadyMember: ["ana@example.com"],
  workspaceLimitReached: [10],
  lastOwner: [],
  alreadyDecided: [{ suggestionId: "sug_1", status: "accepted" }],
  mockTopupDisabled: [],
  reservationClosed: [{ id: "res_1", status: "settled" }],
  activeSetFull: [25, 25],
  activeSetTooSmall: [10, 12],
  promptExists: ["prm_1"],
  competitorExists: [{ id: "cmp_1", name: "Acme" }],
  tooManyCompetitors: [12, 12],
  tooFewCompetitors: [2, 2],
  runFinished: ["completed"],
  noActivePrompts: [],
  noEnginesConfigured: [{ for: "run", skippedEngines: ["chatgpt"] }],
  shareLinkExpired: [],
  shareLinkRevoked: [],
  notAcceptable: [["application/json"]],
  deliveryExpired: ["windowClosed"],
  payloadTooLarge: [],
  unsupportedMediaType: ["csv"],
  misdirectedRequest: ["evil.example:8080"],
  rateLimited: [30],
  headersTooLarge: [16_384],
  internalError: [],
  notImplemented: ["getThing"],
  paymentProviderError: [],
  emailUnavailable: ["sendFailed"],
  billingUnavailable: ["STRIPE_SECRET_KEY"],
};

function build(name: keyof typeof errors): AppError {
  return (errors[name] as (...args: unknown[]) => AppError)(...samples[name]);
}

describe("error codes: the contract's list, the server's factories", () => {
  it("the generated status table is exactly the contract's ErrorCode list", () => {
    expect(errorStatusByCode).toEqual(
      Object.fromEntries(contract.map((entry) => [entry.const, entry["x-status"]])),
    );
  });

  it("every code of the contract has a factory named after it that builds it", () => {
    for (const { const: code, "x-status": status } of contract) {
      const name = camelCase(code) as keyof typeof errors;
      expect(errors, code).toHaveProperty(name);
      const error = build(name);
      expect(error, name).toBeInstanceOf(AppError);
      expect({ code: error.code, status: error.status }).toEqual({ code, status });
    }
  });

  it("every factory builds a code of the contract, with its status and a message", () => {
    const statusOf = new Map(contract.map((entry) => [entry.const, entry["x-status"]]));
    for (const name of Object.keys(errors) as Array<keyof typeof errors>) {
      const error = build(name);
      expect(statusOf.get(error.code), `${name} builds ${error.code}`).toBe(error.status);
      expect(error.message, name).toMatch(/\S/);
    }
  });

  it("builds an AppError only in the factory module", () => {
    const src = fileURLToPath(new URL("../../src/", import.meta.url));
    const offenders = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts") && file !== join("errors", "app-error.ts"))
      .filter((file) => /\bnew AppError\b/.test(readFileSync(join(src, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
