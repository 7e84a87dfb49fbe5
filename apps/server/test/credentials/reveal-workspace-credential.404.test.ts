import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("reveal-404");
});
afterAll(() => f.t.close());

describe("POST .../credentials/{connector}/{key}/reveal of a missing credential", () => {
  it("answers 404 not_found and audits nothing", async () => {
    const response = await f.reveal("openai", "api_key");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("not_found");
    const reveals = await f.t.server.ctx.prisma.auditEvent.count({
      where: { action: "credential.reveal" },
    });
    expect(reveals).toBe(0);
  });

  it("does not reveal a credential of another workspace", async () => {
    const other = await f.t.createWorkspace(f.cookie, { brand: "reveal-404-other" });
    await f.t.request("POST", `/api/v1/workspaces/${other}/credentials`, {
      cookie: f.cookie,
      body: { connector: "openai", key: "api_key", value: "sk-other-workspace-1234" },
    });
    const response = await f.reveal("openai", "api_key");
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("sk-other-workspace-1234");
  });

  it("matches the key name exactly (case-sensitive)", async () => {
    await f.set({ connector: "serp", key: "Token", value: "serp-token-value-xyz" });
    expect((await f.reveal("serp", "token")).status).toBe(404);
    expect((await f.reveal("serp", "Token")).status).toBe(200);
  });
});
