import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("delete-404");
});
afterAll(() => f.t.close());

describe("DELETE .../credentials/{connector}/{key} of a missing credential", () => {
  it("answers 404 not_found and audits nothing", async () => {
    const response = await f.t.request<any>("DELETE", `${f.base}/openai/api_key`, {
      cookie: f.cookie,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("not_found");
    const deletes = await f.t.server.ctx.prisma.auditEvent.count({
      where: { action: "credential.delete" },
    });
    expect(deletes).toBe(0);
  });

  it("answers 404 for a second delete", async () => {
    await f.set({ connector: "openai", key: "twice", value: "sk-twice-0123456789" });
    const first = await f.t.request("DELETE", `${f.base}/openai/twice`, { cookie: f.cookie });
    const second = await f.t.request("DELETE", `${f.base}/openai/twice`, { cookie: f.cookie });
    expect([first.status, second.status]).toEqual([204, 404]);
  });
});
