import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("set-200");
});
afterAll(() => f.t.close());

describe("POST /api/v1/workspaces/{workspace}/credentials with rotate: true", () => {
  it("replaces the value: new ciphertext and updatedAt, createdAt kept, audited", async () => {
    const created = await f.set({
      connector: "openai",
      key: "api_key",
      value: "sk-old-value-aaaa1111",
    });
    expect(created.status).toBe(201);
    const prisma = f.t.server.ctx.prisma;
    const before = await prisma.storedCredential.findFirstOrThrow();

    f.t.clock.advance(60_000);
    const value = "sk-new-value-bbbb2222";
    const rotated = await f.set({ connector: "openai", key: "api_key", value, rotate: true });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      id: created.body.id,
      kind: "secret",
      workspace: f.slug,
      connector: "openai",
      key: "api_key",
      maskedValue: "sk-…2222",
      createdAt: created.body.createdAt,
      updatedAt: f.t.clock.now().toISOString(),
    });
    expect(rotated.text).not.toContain(value);

    const after = await prisma.storedCredential.findFirstOrThrow();
    expect(after.id).toBe(before.id);
    expect(after.ciphertext).not.toBe(before.ciphertext);
    expect(after.createdAt).toEqual(before.createdAt);
    expect(await prisma.storedCredential.count()).toBe(1);

    f.t.clock.advance(1000);
    const revealed = await f.reveal("openai", "api_key");
    expect(revealed.body.value).toBe(value);

    const audit = await prisma.auditEvent.findMany({
      where: { targetId: before.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((event) => event.action)).toEqual([
      "credential.set",
      "credential.rotate",
      "credential.reveal",
    ]);
    expect(audit[1]).toMatchObject({
      requestId: rotated.headers.get("x-request-id"),
      metadata: {
        connector: "openai",
        key: "api_key",
        kind: "secret",
        encryptionKeyId: after.encryptionKeyId,
      },
    });
  });

  it("rotates to the same value with a fresh ciphertext (new IV)", async () => {
    const value = "sk-same-value-cccc3333";
    await f.set({ connector: "same", key: "k", value });
    const prisma = f.t.server.ctx.prisma;
    const first = await prisma.storedCredential.findFirstOrThrow({ where: { connector: "same" } });
    const again = await f.set({ connector: "same", key: "k", value, rotate: true });
    expect(again.status).toBe(200);
    const second = await prisma.storedCredential.findFirstOrThrow({ where: { connector: "same" } });
    expect(second.ciphertext).not.toBe(first.ciphertext);
  });
});
