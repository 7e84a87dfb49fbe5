import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("set-201");
});
afterAll(() => f.t.close());

describe("POST /api/v1/workspaces/{workspace}/credentials (new)", () => {
  it("stores the value sealed, answers masked, and audits credential.set", async () => {
    const value = "sk-live-0123456789wxyz";
    const response = await f.set({ connector: "openai", key: "api_key", value });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^cred_[0-9A-Z]{26}$/),
      kind: "secret",
      workspace: f.slug,
      connector: "openai",
      key: "api_key",
      maskedValue: "sk-…wxyz",
      createdAt: f.t.clock.now().toISOString(),
      updatedAt: f.t.clock.now().toISOString(),
    });
    expect(response.text).not.toContain(value);

    const prisma = f.t.server.ctx.prisma;
    const row = await prisma.storedCredential.findFirstOrThrow({ where: { connector: "openai" } });
    const box = f.t.server.ctx.secrets.secretBox;
    expect(row.id).toMatch(/^cred_/);
    expect(row.encryptionKeyId).toBe(box.currentKeyId);
    expect(box.keyIdOf(row.ciphertext)).toBe(row.encryptionKeyId);
    expect(row.ciphertext).not.toContain(value);
    expect(row.maskedValue).toBe("sk-…wxyz");

    const audit = await prisma.auditEvent.findMany({ where: { targetId: row.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        workspaceId: row.workspaceId,
        action: "credential.set",
        actorType: "user",
        targetType: "stored_credential",
        requestId: response.headers.get("x-request-id"),
        metadata: {
          connector: "openai",
          key: "api_key",
          kind: "secret",
          encryptionKeyId: row.encryptionKeyId,
        },
      }),
    ]);
  });

  it("masks a short value completely", async () => {
    const response = await f.set({ connector: "serp", key: "token", value: "hunter2" });
    expect(response.status).toBe(201);
    expect(response.body.maskedValue).toBe("••••");
  });

  it("creates a missing credential even with rotate: true", async () => {
    const response = await f.set({
      connector: "gemini",
      key: "api_key",
      value: "AIzaSyRotateNothingYet",
      rotate: true,
    });
    expect(response.status).toBe(201);
    const audit = await f.t.server.ctx.prisma.auditEvent.findFirst({
      where: { requestId: response.headers.get("x-request-id") },
    });
    expect(audit?.action).toBe("credential.set");
  });

  it("keeps credentials of different workspaces apart", async () => {
    const other = await f.t.createWorkspace(f.cookie, { brand: "set-201-other" });
    const response = await f.t.request<any>("POST", `/api/v1/workspaces/${other}/credentials`, {
      cookie: f.cookie,
      body: { connector: "openai", key: "api_key", value: "sk-other-workspace-value" },
    });
    expect(response.status).toBe(201);
    expect(response.body.workspace).toBe(other);
    expect((await f.reveal("openai", "api_key")).body.value).toBe("sk-live-0123456789wxyz");
  });
});
