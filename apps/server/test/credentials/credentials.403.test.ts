import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
let reader: string;
let noScope: string;
const value = "sk-only-sessions-0123456789";
beforeAll(async () => {
  f = await startCredentialFixture("access-403");
  await f.set({ connector: "openai", key: "api_key", value });
  reader = (await f.t.mintKey(f.cookie, f.slug, ["connections:read"])).secret;
  noScope = (await f.t.mintKey(f.cookie, f.slug, ["workspace:read"])).secret;
});
afterAll(() => f.t.close());

describe("API keys and stored credentials", () => {
  it("lets a key with connections:read list", async () => {
    const response = await f.t.request<any>("GET", f.base, { bearer: reader });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
  });

  it("answers 403 insufficient_scope on list to a key without connections:read", async () => {
    const response = await f.t.request<any>("GET", f.base, { bearer: noScope });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: "insufficient_scope",
      details: { requiredScope: "connections:read" },
    });
  });

  it.each([
    [
      "set",
      "POST",
      "",
      { connector: "openai", key: "api_key", value: "sk-key-tried-this", rotate: true },
    ],
    ["reveal", "POST", "/openai/api_key/reveal", undefined],
    ["delete", "DELETE", "/openai/api_key", undefined],
  ])(
    "answers 403 session_required on %s, even with connections:read",
    async (_op, method, path, body) => {
      for (const bearer of [reader, noScope]) {
        const response = await f.t.request<any>(method, `${f.base}${path}`, { bearer, body });
        expect(response.status).toBe(403);
        expect(response.body.error.code).toBe("session_required");
        expect(response.text).not.toContain(value);
      }
    },
  );

  it("left the credential untouched and audited no key action on it", async () => {
    const prisma = f.t.server.ctx.prisma;
    const rows = await prisma.storedCredential.findMany();
    expect(rows).toHaveLength(1);
    expect((await f.reveal("openai", "api_key")).body.value).toBe(value);
    const byKeys = await prisma.auditEvent.count({
      where: { actorType: "api_key", action: { startsWith: "credential." } },
    });
    expect(byKeys).toBe(0);
  });
});
