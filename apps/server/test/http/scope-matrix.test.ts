import type { Scope } from "@geopulse/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "../../src/http/operation-index.js";
import { allOperations, describeOperation, pathFor } from "../harness/operations.js";
import { type MintedKey, startTestServer, type TestServer } from "../harness/test-server.js";
import { join } from "../team/team-fixtures.js";

/**
 * The whole contract against every kind of caller: the spec's `security` is
 * the authorization table, and this walks it.
 */
const allScopes: Scope[] = [
  "workspace:read",
  "settings:read",
  "settings:write",
  "connections:read",
  "connections:write",
  "connections:test",
  "prompts:read",
  "prompts:write",
  "runs:read",
  "runs:write",
  "recs:read",
  "recs:write",
  "reports:read",
  "metrics:read",
  "chat:read",
  "chat:write",
  "credits:read",
];

let t: TestServer;
let owner: string;
let slug: string;
let outsider: string;
const keys = new Map<string, MintedKey>();
let foreignKey: MintedKey;
let revokedKey: MintedKey;
/** Sessions and keys (every scope) of an owner, an admin and a member of the workspace. */
type Role = "owner" | "admin" | "member";
const roleSessions = new Map<Role, string>();
const roleKeys = new Map<Role, MintedKey>();

const keyFor = async (scopes: Scope[]): Promise<MintedKey> => {
  const name = [...scopes].sort().join(",");
  const existing = keys.get(name);
  if (existing) return existing;
  const minted = await t.mintKey(owner, slug, scopes);
  keys.set(name, minted);
  return minted;
};

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("matrix-owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "matrix" });
  outsider = await t.signIn("matrix-outsider@example.com");
  const foreignSlug = await t.createWorkspace(outsider, { brand: "matrix-foreign" });
  foreignKey = await t.mintKey(outsider, foreignSlug, allScopes);
  revokedKey = await t.mintKey(owner, slug, allScopes);
  await t.request("POST", `/api/v1/workspaces/${slug}/api-keys/${revokedKey.keyId}`, {
    cookie: owner,
    body: { action: "revoke" },
  });
  roleSessions.set("owner", owner);
  roleKeys.set("owner", await t.mintKey(owner, slug, allScopes));
  const admin = await join(t, owner, slug, "matrix-admin@example.com", "admin");
  roleSessions.set("admin", admin.cookie);
  roleKeys.set("admin", await t.mintKey(admin.cookie, slug, allScopes));
  // A member cannot mint a key with the scopes of admin operations: this one was minted while
  // its creator was an admin, who was then made a member. The key acts with the member's role.
  const member = await join(t, owner, slug, "matrix-member@example.com", "admin");
  roleKeys.set("member", await t.mintKey(member.cookie, slug, allScopes));
  const demoted = await t.request(
    "PATCH",
    `/api/v1/workspaces/${slug}/members/${member.memberId}`,
    {
      cookie: owner,
      body: { role: "member" },
    },
  );
  expect(demoted.status, demoted.text).toBe(200);
  roleSessions.set("member", member.cookie);
});
afterAll(() => t.close());

type Caller = { cookie?: string; bearer?: string };
const call = (operation: Operation, caller: Caller) =>
  t.request<any>(operation.method.toUpperCase(), pathFor(operation, slug), {
    ...caller,
    ...(operation.method === "get" || operation.method === "delete" ? {} : { body: {} }),
  });

const accessCodes = new Set([
  "api_key_required",
  "unauthenticated",
  "invalid_key",
  "invalid_session",
  "session_required",
  "insufficient_scope",
  "ip_forbidden",
  "workspace_not_found",
  "insufficient_role",
]);
const expectAllowed = (response: { body: any; status: number }) =>
  expect(
    accessCodes.has(response.body?.error?.code),
    `${response.status} ${JSON.stringify(response.body)}`,
  ).toBe(false);
const expectDenied = (response: { body: any; status: number }, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
};

const protectedOps = allOperations.filter((operation) => !operation.access.public);
const publicOps = allOperations.filter((operation) => operation.access.public);
const notFoundBodies: unknown[] = [];

describe.each(protectedOps.map((operation) => [describeOperation(operation), operation] as const))(
  "%s",
  (_name, operation) => {
    const required = operation.access.keyScopes;
    const sessionOnly = required === undefined;
    // Operations only API keys may call (the MCP server) refuse any session.
    const keyOnly = !operation.access.session;

    it("no credentials: 401 unauthenticated", async () => {
      expectDenied(await call(operation, {}), 401, "unauthenticated");
    });

    it("malformed key: 401 invalid_key", async () => {
      expectDenied(await call(operation, { bearer: "gp_live_short" }), 401, "invalid_key");
    });

    it("revoked key: 401 invalid_key", async () => {
      expectDenied(await call(operation, { bearer: revokedKey.secret }), 401, "invalid_key");
    });

    it("valid key of another workspace", async () => {
      const response = await call(operation, { bearer: foreignKey.secret });
      if (operation.workspaceScoped) {
        expectDenied(response, 404, "workspace_not_found");
        const { requestId: _ignored, ...rest } = response.body.error;
        notFoundBodies.push(rest);
      } else if (sessionOnly) expectDenied(response, 403, "session_required");
      else expectAllowed(response);
    });

    it("key without the scope", async () => {
      if (required && required.length === 0) return; // any key may call it
      const scopes = allScopes.filter((scope) => !required?.includes(scope));
      const response = await call(operation, { bearer: (await keyFor(scopes)).secret });
      if (sessionOnly) expectDenied(response, 403, "session_required");
      else expectDenied(response, 403, "insufficient_scope");
      if (!sessionOnly) expect(response.body.error.details.requiredScope).toBe(required?.[0]);
    });

    it("key with the scope", async () => {
      const key = await keyFor(
        sessionOnly ? allScopes : required.length ? required : ["workspace:read"],
      );
      const response = await call(operation, { bearer: key.secret });
      if (sessionOnly) expectDenied(response, 403, "session_required");
      else expectAllowed(response);
    });

    it("session of a non-member", async () => {
      const response = await call(operation, {
        cookie: await t.signIn("matrix-outsider@example.com"),
      });
      if (operation.workspaceScoped) {
        expectDenied(response, 404, "workspace_not_found");
        const { requestId: _ignored, ...rest } = response.body.error;
        notFoundBodies.push(rest);
      } else if (keyOnly) expectDenied(response, 403, "api_key_required");
      else expectAllowed(response);
    });

    it("member session", async () => {
      // A fresh session each time: sign-out would otherwise end the shared one.
      const cookie = await t.signIn("matrix-owner@example.com");
      const response = await call(operation, { cookie });
      if (keyOnly) expectDenied(response, 403, "api_key_required");
      else expectAllowed(response);
    });
  },
);

describe.each(publicOps.map((operation) => [describeOperation(operation), operation] as const))(
  "%s (public)",
  (_name, operation) => {
    it("answers alike whatever credentials are sent", async () => {
      const anonymous = (await call(operation, {})).status;
      for (const caller of [
        { bearer: "garbage" },
        { bearer: foreignKey.secret },
        { cookie: outsider },
      ]) {
        expect((await call(operation, caller)).status).toBe(anonymous);
      }
    });
  },
);

describe("workspace_not_found", () => {
  it("has one body, whatever the reason", () => {
    expect(notFoundBodies.length).toBeGreaterThan(10);
    for (const body of notFoundBodies) {
      expect(body).toEqual({ code: "workspace_not_found", message: "Workspace not found." });
    }
  });
});

describe("recommendations in the matrix", () => {
  it("reads need recs:read, transitions and the derivation recs:write, the compliance review a session", () => {
    const recs = allOperations.filter((operation) =>
      operation.pathTemplate.includes("/recommendations"),
    );
    expect(
      Object.fromEntries(
        recs.map((operation) => [operation.operationId, operation.access.keyScopes ?? "session"]),
      ),
    ).toEqual({
      listRecommendations: ["recs:read"],
      getRecommendation: ["recs:read"],
      acceptRecommendation: ["recs:write"],
      startRecommendation: ["recs:write"],
      completeRecommendation: ["recs:write"],
      dismissRecommendation: ["recs:write"],
      reviewRecommendation: "session",
      deriveRecommendations: ["recs:write"],
    });
  });
});

describe("page evaluations in the matrix", () => {
  it("reads need reports:read, the start runs:write", () => {
    const pages = allOperations.filter((operation) =>
      operation.pathTemplate.includes("/page-evaluations"),
    );
    expect(
      Object.fromEntries(
        pages.map((operation) => [operation.operationId, operation.access.keyScopes ?? "session"]),
      ),
    ).toEqual({
      listPageEvaluations: ["reports:read"],
      getPageEvaluation: ["reports:read"],
      startPageEvaluation: ["runs:write"],
    });
  });
});

/**
 * The operations that need an owner or an admin (the contract's `x-min-role: admin`); every
 * other operation is open to any member. docs/security.md, Roles explains the table.
 */
const adminOperations = [
  "setWorkspaceCredential",
  "deleteWorkspaceCredential",
  "revealWorkspaceCredential",
  "configureConnections",
  "disconnectConnection",
  "startConnectionOAuth",
  "mockTopUp",
  "createCheckoutSession",
  "createReportShareLink",
  "revokeReportShareLink",
  "putReportSchedule",
  "deleteReportSchedule",
  "inviteMember",
  "revokeInvitation",
  "updateMember",
].sort();

describe("roles in the matrix", () => {
  it("the contract's x-min-role is the table above", () => {
    expect(
      allOperations
        .filter((operation) => operation.minRole !== "member")
        .map((operation) => `${operation.operationId}:${operation.minRole}`)
        .sort(),
    ).toEqual(adminOperations.map((id) => `${id}:admin`));
  });

  const workspaceOps = protectedOps.filter((operation) => operation.workspaceScoped);
  describe.each(
    workspaceOps.map((operation) => [describeOperation(operation), operation] as const),
  )("%s", (_name, operation) => {
    const adminOnly = adminOperations.includes(operation.operationId);
    const keyOnly = !operation.access.session;
    const sessionOnly = operation.access.keyScopes === undefined;
    it.each(["owner", "admin", "member"] as const)("%s session", async (role) => {
      const response = await call(operation, { cookie: roleSessions.get(role) });
      if (keyOnly) expectDenied(response, 403, "api_key_required");
      else if (adminOnly && role === "member") {
        expectDenied(response, 403, "insufficient_role");
        expect(response.body.error.details).toEqual({ requiredRole: "admin", role: "member" });
      } else expectAllowed(response);
    });
    it.each(["owner", "admin", "member"] as const)("key made by the %s", async (role) => {
      const response = await call(operation, { bearer: roleKeys.get(role)?.secret });
      if (sessionOnly) expectDenied(response, 403, "session_required");
      else if (adminOnly && role === "member") {
        expectDenied(response, 403, "insufficient_role");
        expect(response.body.error.details).toEqual({ requiredRole: "admin", role: "member" });
      } else expectAllowed(response);
    });
  });
});
