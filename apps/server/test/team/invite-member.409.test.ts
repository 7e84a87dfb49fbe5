import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectError, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "invite-409" });
});
afterAll(() => t.close());

const inviteAs = (email: string) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, {
    cookie: owner,
    body: { email },
  });

describe("POST /api/v1/workspaces/{workspace}/invitations: 409", () => {
  it("answers already_member for a member's address, whatever its case", async () => {
    await join(t, owner, slug, "joined@example.com");
    expectError(await inviteAs("Joined@Example.com"), 409, "already_member");
    expectError(await inviteAs("owner@example.com"), 409, "already_member");
    const open = await t.server.ctx.prisma.invitation.count({
      where: { email: "joined@example.com", acceptedAt: null },
    });
    expect(open).toBe(0);
  });

  it("lets the same address be invited to another workspace", async () => {
    const other = await t.createWorkspace(owner, { brand: "invite-409-other" });
    const response = await t.request<any>("POST", `/api/v1/workspaces/${other}/invitations`, {
      cookie: owner,
      body: { email: "joined@example.com" },
    });
    expect(response.status).toBe(201);
  });
});
