import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("delete-204");
});
afterAll(() => f.t.close());

describe("DELETE /api/v1/workspaces/{workspace}/credentials/{connector}/{key}", () => {
  it("deletes the credential and audits credential.delete", async () => {
    await f.set({ connector: "openai", key: "api_key", value: "sk-delete-me-0123456789" });
    await f.set({ connector: "openai", key: "org_id", value: "org-keep-me-0123456789" });
    const prisma = f.t.server.ctx.prisma;
    const row = await prisma.storedCredential.findFirstOrThrow({ where: { key: "api_key" } });

    const response = await f.t.request("DELETE", `${f.base}/openai/api_key`, { cookie: f.cookie });
    expect(response.status).toBe(204);
    expect(response.text).toBe("");

    expect(await prisma.storedCredential.findUnique({ where: { id: row.id } })).toBeNull();
    expect((await f.reveal("openai", "api_key")).status).toBe(404);
    expect((await f.reveal("openai", "org_id")).status).toBe(200);
    const list = await f.t.request<any>("GET", f.base, { cookie: f.cookie });
    expect(list.body.data.map((c: any) => c.key)).toEqual(["org_id"]);

    const audit = await prisma.auditEvent.findMany({
      where: { targetId: row.id, action: "credential.delete" },
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "user",
        targetType: "stored_credential",
        requestId: response.headers.get("x-request-id"),
        metadata: { connector: "openai", key: "api_key" },
      }),
    ]);
  });

  it("frees the name for a new credential without rotate", async () => {
    await f.set({ connector: "serp", key: "token", value: "serp-first-value-123" });
    await f.t.request("DELETE", `${f.base}/serp/token`, { cookie: f.cookie });
    const again = await f.set({ connector: "serp", key: "token", value: "serp-second-value-456" });
    expect(again.status).toBe(201);
  });
});
