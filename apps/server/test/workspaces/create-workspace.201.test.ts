import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, validWorkspace } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("owner@example.com");
});
afterAll(() => t.close());

describe("POST /api/v1/workspaces", () => {
  it("creates the workspace, its competitors and the owner membership", async () => {
    const response = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({ brand: "globex-rival" }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      slug: "globex-rival",
      emailProvisioning: {
        workspace: "globex-rival",
        status: "unconfigured",
        email: null,
        inboxId: null,
        attempts: 0,
        message: expect.any(String),
      },
      freeGrant: { status: "granted", amountMicrousd: 1_000_000, expiresAt: expect.any(String) },
    });

    const workspace = await t.request<any>("GET", "/api/v1/workspaces/globex-rival", { cookie });
    expect(workspace.status).toBe(200);
    expect(workspace.body).toMatchObject({
      slug: "globex-rival",
      brand: "globex-rival",
      role: "owner",
      competitors: validWorkspace().competitors,
      quotas: validWorkspace().quotas,
      createdAt: t.clock.now().toISOString(),
    });

    const prisma = t.server.ctx.prisma;
    const stored = await prisma.workspace.findUniqueOrThrow({
      where: { slug: "globex-rival" },
      include: { members: { include: { user: true } }, competitors: true },
    });
    expect(stored.members).toHaveLength(1);
    expect(stored.members[0]).toMatchObject({
      role: "owner",
      user: { email: "owner@example.com" },
    });
    expect(stored.competitors).toHaveLength(2);
    const audit = await prisma.auditEvent.findMany({ where: { workspaceId: stored.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        action: "workspace.create",
        actorType: "user",
        actorId: stored.members[0]?.userId,
        requestId: response.headers.get("x-request-id"),
      }),
    ]);
  });

  it("gives a second workspace of the same brand a suffixed slug", async () => {
    const first = await t.createWorkspace(cookie, { brand: "twice" });
    const other = await t.signIn("someone-else@example.com");
    const second = await t.createWorkspace(other, { brand: "twice" });
    expect(first).toBe("twice");
    expect(second).toMatch(/^twice-[a-z0-9]{5}$/);
  });

  it("lists the caller's workspaces newest first, paginated", async () => {
    const user = await t.signIn("lister@example.com");
    for (const brand of ["one", "two", "three"]) {
      await t.createWorkspace(user, { brand: `list-${brand}` });
      t.clock.advance(1000);
    }
    const first = await t.request<any>("GET", "/api/v1/workspaces?limit=2", { cookie: user });
    expect(first.status).toBe(200);
    expect(first.body.data.map((w: any) => w.slug)).toEqual(["list-three", "list-two"]);
    expect(first.body.data[0]).toMatchObject({ role: "owner", brand: "list-three" });
    const second = await t.request<any>(
      "GET",
      `/api/v1/workspaces?limit=2&cursor=${first.body.nextCursor}`,
      { cookie: user },
    );
    expect(second.body.data.map((w: any) => w.slug)).toEqual(["list-one"]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("rejects a forged cursor and an out-of-range limit", async () => {
    const bad = await t.request<any>("GET", "/api/v1/workspaces?cursor=Zm9yZ2Vk", { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0]).toMatchObject({ field: "query.cursor" });
    const limit = await t.request<any>("GET", "/api/v1/workspaces?limit=101", { cookie });
    expect(limit.status).toBe(400);
    expect(limit.body.error.details.fields[0]).toMatchObject({
      field: "query.limit",
      rule: "maximum",
    });
  });
});
