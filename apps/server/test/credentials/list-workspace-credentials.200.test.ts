import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("list-200");
});
afterAll(() => f.t.close());

const stored = [
  { connector: "openai", key: "org_id", value: "org-0123456789ABCDEF" },
  { connector: "anthropic", key: "api_key", value: "sk-ant-api03-secretsecret9876" },
  { connector: "openai", key: "Zeta", value: "tiny" },
  { connector: "openai", key: "api_key", value: "sk-proj-abcdefghij5678" },
];

describe("GET /api/v1/workspaces/{workspace}/credentials", () => {
  it("answers an empty list for a workspace without credentials", async () => {
    const response = await f.t.request<any>("GET", f.base, { cookie: f.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [] });
  });

  it("lists every credential masked, by connector then key (code-unit order)", async () => {
    for (const credential of stored) {
      expect((await f.set(credential)).status).toBe(201);
      f.t.clock.advance(1000);
    }
    const response = await f.t.request<any>("GET", f.base, { cookie: f.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.map((c: any) => [c.connector, c.key, c.maskedValue])).toEqual([
      ["anthropic", "api_key", "sk-…9876"],
      ["openai", "Zeta", "••••"],
      ["openai", "api_key", "sk-…5678"],
      ["openai", "org_id", "org…CDEF"],
    ]);
    for (const credential of response.body.data) {
      expect(Object.keys(credential).sort()).toEqual(
        [
          "connector",
          "createdAt",
          "id",
          "key",
          "kind",
          "maskedValue",
          "updatedAt",
          "workspace",
        ].sort(),
      );
      expect(credential.workspace).toBe(f.slug);
    }
    for (const { value } of stored) expect(response.text).not.toContain(value);
  });

  it("is open to a key with connections:read, masked as well", async () => {
    const { secret } = await f.t.mintKey(f.cookie, f.slug, ["connections:read"]);
    const response = await f.t.request<any>("GET", f.base, { bearer: secret });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(stored.length);
    for (const { value } of stored) expect(response.text).not.toContain(value);
  });

  it("does not show another workspace's credentials", async () => {
    const other = await f.t.createWorkspace(f.cookie, { brand: "list-200-other" });
    const response = await f.t.request<any>("GET", `/api/v1/workspaces/${other}/credentials`, {
      cookie: f.cookie,
    });
    expect(response.body).toEqual({ data: [] });
  });
});
