import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { describe, expect, it } from "vitest";
import { handlers } from "../../src/routes/index.js";
import { allOperations, describeOperation } from "../harness/operations.js";

type OpenApiOperation = {
  responses: Record<string, unknown>;
  "x-rate-limited"?: boolean;
};
const document = loadOpenApiDocument() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};

/**
 * The statuses an operation can answer by its shape alone, whatever its handler
 * does: the request path (app.ts) answers these before or around any handler.
 */
function structuralStatuses(operation: (typeof allOperations)[number]): Map<string, string> {
  const spec = document.paths[operation.pathTemplate]?.[operation.method] as OpenApiOperation;
  const statuses = new Map<string, string>([
    ["400", "an unknown query parameter, or a path or query rule (input guard, validator)"],
    ["408", "request_timeout (the HTTP server, before matching: http/client-error.ts)"],
    ["421", "misdirected_request (local mode, a Host not its own: http/check-host.ts)"],
    ["431", "headers_too_large (the HTTP server, before matching: http/client-error.ts)"],
    ["500", "an internal error"],
  ]);
  if (!operation.access.public) {
    statuses.set("400", "ambiguous_credentials (cookie and bearer together)");
    statuses.set("401", "missing, invalid or expired credentials");
    statuses.set(
      "403",
      "session_required / insufficient_scope / ip_forbidden / cross_site_request",
    );
    statuses.set("429", "rate_limited (well-formed unknown bearer keys, per client address)");
  }
  if (operation.workspaceScoped) statuses.set("404", "workspace_not_found");
  if (operation.requestBodyTypes) {
    statuses.set("413", "a body over GEO_BODY_LIMIT_BYTES");
    // Webhooks read any body as raw bytes for their signature check.
    if (!operation.pathTemplate.startsWith("/api/v1/webhooks/")) {
      statuses.set("415", "a body of another content type");
    }
  }
  if (spec["x-rate-limited"]) statuses.set("429", "rate_limited (x-rate-limited)");
  if (!handlers[operation.operationId]) statuses.set("501", "not_implemented (no handler)");
  return statuses;
}

describe("the contract declares every status an operation can answer", () => {
  it.each(allOperations.map((operation) => [describeOperation(operation), operation] as const))(
    "%s",
    (_name, operation) => {
      const declared = Object.keys(
        document.paths[operation.pathTemplate]?.[operation.method]?.responses ?? {},
      );
      const undeclared = [...structuralStatuses(operation)]
        .filter(([status]) => !declared.includes(status))
        .map(([status, why]) => `${status} (${why})`);
      expect(undeclared, `${operation.operationId} does not declare`).toEqual([]);
    },
  );

  it("declares 403 insufficient_role (RoleForbidden) wherever a role is checked", () => {
    // x-min-role above member, and the operations whose rules depend on the resource.
    const byResource = [
      "removeMember",
      "actOnApiKey",
      "createApiKey",
      "approveDeviceAuthorization",
      "connectionOAuthCallback",
    ];
    for (const operation of allOperations) {
      const checked = operation.minRole !== "member" || byResource.includes(operation.operationId);
      const forbidden = JSON.stringify(
        document.paths[operation.pathTemplate]?.[operation.method]?.responses["403"],
      );
      expect(forbidden?.includes("RoleForbidden") ?? false, operation.operationId).toBe(checked);
    }
  });

  it("marks every operation that needs credentials x-rate-limited (the unknown-key limit)", () => {
    const unmarked = allOperations
      .filter((operation) => !operation.access.public)
      .filter(
        (operation) =>
          !document.paths[operation.pathTemplate]?.[operation.method]?.["x-rate-limited"],
      )
      .map((operation) => operation.operationId);
    expect(unmarked).toEqual([]);
  });

  it("walks every operation of the contract", () => {
    expect(allOperations.length).toBeGreaterThanOrEqual(74);
  });

  it("declares every response with the error envelope for 4xx and 5xx", () => {
    for (const operation of allOperations) {
      const { responses } = document.paths[operation.pathTemplate]?.[operation.method] ?? {
        responses: {},
      };
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 || operation.operationId === "getHealth") continue;
        expect(JSON.stringify(response), `${operation.operationId} ${status}`).toMatch(
          /#\/components\/responses\/|ErrorEnvelope/,
        );
      }
    }
  });
});
