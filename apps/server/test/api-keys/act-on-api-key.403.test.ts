import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join } from "../team/team-fixtures.js";

/**
 * A member manages only the keys they created; owners and admins manage everyone's. Members
 * cannot give a key (or a device) the scopes of operations that need an admin.
 */
let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "key-roles" });
});

const act = (cookie: string, keyId: string, action: string) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys/${keyId}`, {
    cookie,
    body: { action },
  });

describe("POST /api/v1/workspaces/{workspace}/api-keys/{keyId}: 403 insufficient_role", () => {
  it("for a member rotating or revoking someone else's key; their own is theirs", async () => {
    const member = await join(t, owner, slug, "member@example.com");
    const ownersKey = await t.mintKey(owner, slug, ["workspace:read"]);
    for (const action of ["rotate", "revoke", "confirm-rotation"]) {
      const refused = await act(member.cookie, ownersKey.keyId, action);
      expectError(refused, 403, "insufficient_role");
      expect(refused.body.error.details).toEqual({ requiredRole: "admin", role: "member" });
    }
    const key = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({
      where: { id: ownersKey.keyId },
    });
    expect(key.state).toBe("active");

    const own = await t.mintKey(member.cookie, slug, ["workspace:read"]);
    expect((await act(member.cookie, own.keyId, "revoke")).status).toBe(200);
    // The listing shows every key of the workspace, to members too.
    const listed = await t.request<any>("GET", `/api/v1/workspaces/${slug}/api-keys`, {
      cookie: member.cookie,
    });
    expect(listed.body.data.map((k: any) => k.keyId)).toEqual(
      expect.arrayContaining([ownersKey.keyId, own.keyId]),
    );
  });

  it("lets an admin revoke a member's key", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const member = await join(t, owner, slug, "member2@example.com");
    const membersKey = await t.mintKey(member.cookie, slug, ["workspace:read"]);
    expect((await act(admin.cookie, membersKey.keyId, "revoke")).status).toBe(200);
  });
});

describe("GET /api/v1/workspaces/{workspace}/api-keys: who may act on each key", () => {
  it("names each key's creator and tells a member which keys are theirs to manage", async () => {
    const member = await join(t, owner, slug, "lister@example.com");
    const admin = await join(t, owner, slug, "lister-admin@example.com", "admin");
    const ownersKey = await t.mintKey(owner, slug, ["workspace:read"]);
    const membersKey = await t.mintKey(member.cookie, slug, ["workspace:read"]);
    const listAs = async (cookie: string) => {
      const listed = await t.request<any>("GET", `/api/v1/workspaces/${slug}/api-keys`, {
        cookie,
      });
      expect(listed.status, listed.text).toBe(200);
      return new Map<string, any>(listed.body.data.map((k: any) => [k.keyId, k]));
    };
    const asMember = await listAs(member.cookie);
    expect(asMember.get(ownersKey.keyId)).toMatchObject({
      createdBy: { email: t.mailbox("owner@example.com") },
      viewerCanManage: false,
    });
    expect(asMember.get(membersKey.keyId)).toMatchObject({
      createdBy: { email: t.mailbox("lister@example.com") },
      viewerCanManage: true,
    });
    const asAdmin = await listAs(admin.cookie);
    expect(asAdmin.get(ownersKey.keyId)?.viewerCanManage).toBe(true);
    expect(asAdmin.get(membersKey.keyId)?.viewerCanManage).toBe(true);
  });
});

describe("POST /api/v1/workspaces/{workspace}/api-keys: 403 insufficient_role", () => {
  it("for a member asking for a scope of admin operations (connections:write)", async () => {
    const member = await join(t, owner, slug, "member3@example.com");
    const refused = await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, {
      cookie: member.cookie,
      body: { name: "ci", scopes: ["metrics:read", "connections:write"] },
    });
    expectError(refused, 403, "insufficient_role");
    expect(refused.body.error.details).toEqual({
      requiredRole: "admin",
      role: "member",
      scope: "connections:write",
    });
    const allowed = await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, {
      cookie: member.cookie,
      body: { name: "ci", scopes: ["metrics:read", "connections:read", "connections:test"] },
    });
    expect(allowed.status, allowed.text).toBe(201);
  });

  it("for a member approving a device login with such a scope", async () => {
    const member = await join(t, owner, slug, "member4@example.com");
    const started = await t.request<any>("POST", "/api/v1/device-authorizations", {
      body: { clientName: "laptop", scopes: ["connections:write"] },
    });
    const approve = (cookie: string) =>
      t.request<any>("POST", `/api/v1/device-authorizations/${started.body.userCode}/approve`, {
        cookie,
        body: { workspace: slug },
      });
    expectError(await approve(member.cookie), 403, "insufficient_role");
    expect((await approve(owner)).status).toBe(200);
  });
});
