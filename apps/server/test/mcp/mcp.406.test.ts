import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { postMcp } from "./mcp-client.js";

let t: TestServer;
let secret: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const cookie = await t.signIn("mcp-406@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "mcp406" });
  secret = (await t.mintKey(cookie, slug, ["metrics:read"])).secret;
});

describe("MCP without accepting both JSON and event streams", () => {
  it("406 not_acceptable in the envelope", async () => {
    const response = await postMcp(t, { bearer: secret, headers: { Accept: "application/json" } });
    expect(response.status).toBe(406);
    expect(response.body.error.code).toBe("not_acceptable");
  });
});
