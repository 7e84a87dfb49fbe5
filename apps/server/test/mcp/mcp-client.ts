import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { TestServer } from "../harness/test-server.js";

/** The MCP SDK's client connected to the test server's MCP route with a bearer key. */
export async function connectMcpClient(t: TestServer, secret: string): Promise<Client> {
  const client = new Client({ name: "geopulse-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/api/v1/mcp", t.url), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/** The JSON a tool result carries as text. */
export function textOf(result: unknown): any {
  const content = (result as { content?: Array<{ type: string; text: string }> }).content;
  const [first] = content ?? [];
  return JSON.parse(first?.text ?? "null");
}

/** One raw JSON-RPC POST, as an MCP client sends it. */
export function postMcp(
  t: TestServer,
  options: { bearer?: string; cookie?: string; body?: unknown; headers?: Record<string, string> },
) {
  return t.request<any>("POST", "/api/v1/mcp", {
    ...(options.bearer ? { bearer: options.bearer } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    body: options.body ?? { jsonrpc: "2.0", id: 1, method: "ping" },
    headers: { Accept: "application/json, text/event-stream", ...options.headers },
  });
}
