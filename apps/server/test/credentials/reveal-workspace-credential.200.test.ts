import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("reveal-200");
});
afterAll(() => f.t.close());

describe("POST /api/v1/workspaces/{workspace}/credentials/{connector}/{key}/reveal", () => {
  it("answers the decrypted value and audits every reveal without it", async () => {
    const value = "sk-reveal-me-0123456789";
    await f.set({ connector: "openai", key: "api_key", value });
    const prisma = f.t.server.ctx.prisma;
    const row = await prisma.storedCredential.findFirstOrThrow();

    const first = await f.reveal("openai", "api_key");
    const second = await f.reveal("openai", "api_key");
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.body).toEqual({
        workspace: f.slug,
        connector: "openai",
        key: "api_key",
        value,
      });
    }

    const reveals = await prisma.auditEvent.findMany({
      where: { targetId: row.id, action: "credential.reveal" },
    });
    expect(reveals).toHaveLength(2);
    expect(reveals.map((event) => event.requestId).sort()).toEqual(
      [first, second].map((r) => r.headers.get("x-request-id")).sort(),
    );
    for (const event of reveals) {
      expect(event).toMatchObject({
        workspaceId: row.workspaceId,
        actorType: "user",
        targetType: "stored_credential",
        metadata: { connector: "openai", key: "api_key" },
      });
      expect(JSON.stringify(event)).not.toContain(value);
    }
  });

  it("reveals values with any characters intact", async () => {
    const value = 'p@ss wörd 🔑 "quoted"\n\tline';
    await f.set({ connector: "unicode", key: "pass.word-1", value });
    const response = await f.reveal("unicode", "pass.word-1");
    expect(response.body.value).toBe(value);
  });
});
