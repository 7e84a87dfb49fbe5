import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credentialAad } from "../../src/crypto/credential-identity.js";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("sealing");
});
afterAll(() => f.t.close());

describe("sealing binds a credential to its row", () => {
  const row = { workspaceId: "ws_A", connector: "openai", key: "api_key" };

  it("opens only under the associated data of its own row", () => {
    const box = f.t.server.ctx.secrets.secretBox;
    const sealed = box.seal("sk-bound-0123456789", credentialAad(row));
    expect(credentialAad(row)).toBe("credential:ws_A:openai:api_key");
    expect(box.open(sealed, credentialAad(row))).toBe("sk-bound-0123456789");
    for (const other of [
      { ...row, workspaceId: "ws_B" },
      { ...row, connector: "gemini" },
      { ...row, key: "org_id" },
    ]) {
      expect(() => box.open(sealed, credentialAad(other))).toThrow();
    }
  });

  it("refuses to reveal a ciphertext moved into another row: 500, no value, no audit", async () => {
    const value = "sk-moved-ciphertext-0123456789";
    await f.set({ connector: "openai", key: "api_key", value });
    await f.set({ connector: "openai", key: "org_id", value: "org-victim-row-0123456789" });
    const otherSlug = await f.t.createWorkspace(f.cookie, { brand: "sealing-other" });
    await f.t.request("POST", `/api/v1/workspaces/${otherSlug}/credentials`, {
      cookie: f.cookie,
      body: { connector: "openai", key: "api_key", value: "sk-other-ws-0123456789" },
    });

    const prisma = f.t.server.ctx.prisma;
    const source = await prisma.storedCredential.findFirstOrThrow({
      where: { key: "api_key", workspace: { slug: f.slug } },
    });
    const targets = await prisma.storedCredential.findMany({ where: { NOT: { id: source.id } } });
    expect(targets).toHaveLength(2);
    await prisma.storedCredential.updateMany({
      where: { id: { in: targets.map((t) => t.id) } },
      data: { ciphertext: source.ciphertext },
    });

    const moved = [
      [f.slug, "org_id"],
      [otherSlug, "api_key"],
    ];
    for (const [slug, key] of moved) {
      const response = await f.t.request<any>(
        "POST",
        `/api/v1/workspaces/${slug}/credentials/openai/${key}/reveal`,
        { cookie: f.cookie },
      );
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe("internal_error");
      expect(response.text).not.toContain(value);
    }
    const reveals = await prisma.auditEvent.count({ where: { action: "credential.reveal" } });
    expect(reveals).toBe(0);
    expect(f.t.logs.join("")).not.toContain(value);

    // The original row still opens.
    expect((await f.reveal("openai", "api_key")).body.value).toBe(value);
  });
});
