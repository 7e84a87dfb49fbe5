import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let secret: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const cookie = await t.signIn("mcp-415@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "mcp415" });
  secret = (await t.mintKey(cookie, slug, ["metrics:read"])).secret;
});

describe("MCP with a body that is not JSON", () => {
  it("415 unsupported_media_type, as every JSON operation", async () => {
    const response = await t.request<any>("POST", "/api/v1/mcp", {
      bearer: secret,
      rawBody: "jsonrpc=2.0",
      headers: {
        "Content-Type": "text/plain",
        Accept: "application/json, text/event-stream",
      },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("unsupported_media_type");
  });
});
