import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { postMcp } from "./mcp-client.js";

let t: TestServer;
let secret: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_BODY_LIMIT_BYTES: "2048" } });
  const cookie = await t.signIn("mcp-413@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "mcp413" });
  secret = (await t.mintKey(cookie, slug, ["metrics:read"])).secret;
});
afterAll(() => t.close());

describe("MCP over the body limit", () => {
  it("413 payload_too_large before the MCP server sees it", async () => {
    const response = await postMcp(t, {
      bearer: secret,
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search_answers", arguments: { text: "x".repeat(4096) } },
      },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("payload_too_large");
  });
});
