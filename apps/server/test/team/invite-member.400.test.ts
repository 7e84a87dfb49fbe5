import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "invite-400" });
});

const inviteWith = (body: unknown) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, { cookie: owner, body });

describe("POST /api/v1/workspaces/{workspace}/invitations: 400", () => {
  it.each([
    ["an owner invitation", { email: "a@example.com", role: "owner" }, "body.role"],
    ["a malformed address", { email: "not-an-address" }, "body.email"],
    ["no address", { role: "member" }, "body.email"],
    ["an unknown field", { email: "a@example.com", token: "x" }, "body.token"],
  ])("rejects %s", async (_what, body, field) => {
    const response = await inviteWith(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields.map((f: any) => f.field)).toContain(field);
  });
});
