import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectError, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "members" });
  for (const name of ["ann", "bob", "cat"]) {
    t.clock.advance(1000);
    await join(t, owner, slug, `${name}@example.com`, name === "bob" ? "admin" : "member");
  }
});
afterAll(() => t.close());

const list = (query: string, auth: { cookie?: string; bearer?: string }) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}/members${query}`, auth);

describe("GET /api/v1/workspaces/{workspace}/members", () => {
  it("lists members oldest first, paginated", async () => {
    const first = await list("?limit=2", { cookie: owner });
    expect(first.status).toBe(200);
    expect(first.body.data.map((m: any) => m.email)).toEqual([
      "owner@example.com",
      "ann@example.com",
    ]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=2&cursor=${first.body.nextCursor}`, { cookie: owner });
    expect(second.body.data.map((m: any) => m.email)).toEqual([
      "bob@example.com",
      "cat@example.com",
    ]);
    expect(second.body.nextCursor).toBeNull();
    const all = await list("", { cookie: owner });
    expect(all.body.data).toHaveLength(4);
    expect(all.body.nextCursor).toBeNull();
  });

  it("shows the display name, or the address's local part when there is none", async () => {
    await t.server.ctx.prisma.user.update({
      where: { email: "ann@example.com" },
      data: { displayName: "Ann Example" },
    });
    const response = await list("", { cookie: owner });
    const [ownerRow, ann] = response.body.data;
    expect(ownerRow).toEqual({
      memberId: expect.stringMatching(/^mem_/),
      workspace: slug,
      email: "owner@example.com",
      displayName: "owner",
      role: "owner",
      invitedAt: expect.any(String),
      joinedAt: expect.any(String),
    });
    expect(ann.displayName).toBe("Ann Example");
  });

  it("is readable by any member and by a key with workspace:read", async () => {
    const cat = await t.signIn("cat@example.com");
    expect((await list("", { cookie: cat })).body.data).toHaveLength(4);
    const key = await t.mintKey(owner, slug, ["workspace:read"]);
    const keyed = await list("?limit=1", { bearer: key.secret });
    expect(keyed.status).toBe(200);
    expect(keyed.body.data.map((m: any) => m.email)).toEqual(["owner@example.com"]);
  });

  it("refuses a key without workspace:read, and a forged cursor", async () => {
    const key = await t.mintKey(owner, slug, ["metrics:read"]);
    expectError(await list("", { bearer: key.secret }), 403, "insufficient_scope");
    const forged = await list(`?cursor=${Buffer.from("key_x").toString("base64url")}`, {
      cookie: owner,
    });
    expectError(forged, 400, "invalid_request");
    expect(forged.body.error.details.fields[0]).toMatchObject({ field: "query.cursor" });
  });
});
