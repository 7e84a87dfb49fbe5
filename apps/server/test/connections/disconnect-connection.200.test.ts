import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  configureBoth,
  GSC_PROPERTY,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
beforeAll(async () => {
  f = await startConnectionFixture("conn-disconnect");
  await configureBoth(f);
  expect((await f.test("search_console")).body.status).toBe("ok");
});
afterAll(() => f.close());

describe("disconnectConnection: 200", () => {
  it("unconfigures the provider, keeps the stored key and the property, audits", async () => {
    const response = await f.disconnect("search_console");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      provider: "search_console",
      status: "unconfigured",
      property: GSC_PROPERTY,
      credential: null,
      lastTestedAt: null,
      lastSyncedAt: null,
      lastErrorCode: null,
      lastError: null,
    });
    const prisma = f.t.server.ctx.prisma;
    expect(await prisma.storedCredential.count({ where: { id: f.credentialId } })).toBe(1);
    const list = await f.list();
    expect(list.body.data.map((c: any) => c.status)).toEqual(["unconfigured", "configured"]);
    const audit = await prisma.auditEvent.findMany({ where: { action: "connection.disconnect" } });
    expect(audit).toEqual([
      expect.objectContaining({
        targetType: "connection",
        targetId: "search_console",
        requestId: response.headers.get("x-request-id"),
        metadata: { provider: "search_console" },
      }),
    ]);
  });

  it("is idempotent: again answers the same and records nothing more", async () => {
    const again = await f.disconnect("search_console");
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("unconfigured");
    const prisma = f.t.server.ctx.prisma;
    expect(await prisma.auditEvent.count({ where: { action: "connection.disconnect" } })).toBe(1);
  });

  it("deleting the stored key through the credentials route unconfigures what used it", async () => {
    const deleted = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/credentials/google/service-account`,
      { cookie: f.cookie },
    );
    expect(deleted.status).toBe(204);
    const list = await f.list();
    expect(list.body.data.map((c: any) => [c.status, c.credential])).toEqual([
      ["unconfigured", null],
      ["unconfigured", null],
    ]);
  });
});
