import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { connectMcpClient, postMcp, textOf } from "./mcp-client.js";

let t: TestServer;
let cookieA: string;
let slugA: string;
let slugB: string;
let keyA: string;
let keyB: string;
let metricsOnlyKey: string;
let runId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-03-04T09:00:00.000Z");
  cookieA = await t.signIn("mcp-a@example.com");
  slugA = await t.createWorkspace(cookieA, { brand: "acme" });
  await seedPrompts(t, slugA, 3);
  runId = (await runAndWait(t, slugA, cookieA)).runId;
  const cookieB = await t.signIn("mcp-b@example.com");
  slugB = await t.createWorkspace(cookieB, { brand: "bolt" });
  keyA = (await t.mintKey(cookieA, slugA, ["metrics:read", "runs:read", "credits:read"])).secret;
  keyB = (await t.mintKey(cookieB, slugB, ["metrics:read", "runs:read"])).secret;
  metricsOnlyKey = (await t.mintKey(cookieA, slugA, ["metrics:read"])).secret;
}, 120_000);
afterAll(() => t.close());

describe("the MCP server with the SDK's client", () => {
  it("initializes, stateless, and names itself", async () => {
    const client = await connectMcpClient(t, keyA);
    expect(client.getServerVersion()?.name).toBe("geopulse");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await client.close();
  });

  it("lists only the tools the key's scopes allow, read-only, with their argument schemas", async () => {
    const client = await connectMcpClient(t, metricsOnlyKey);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "get_metrics",
      "get_scoreboard",
      "get_seo_traffic",
      "get_timeseries",
      "list_metric_changes",
      "surface_gap",
      "top_cited_domains",
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe("object");
    }
    await client.close();
  });

  it("calls a tool and gets the workspace's data as text and structured content", async () => {
    const client = await connectMcpClient(t, keyA);
    const result = await client.callTool({ name: "list_runs", arguments: { limit: 5 } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as any;
    expect(textOf(result)).toEqual(structured);
    expect(structured.data.runs.map((r: any) => r.runId)).toEqual([runId]);
    expect(structured.summary).toContain(runId);

    const answers = await client.callTool({ name: "search_answers", arguments: { limit: 3 } });
    const found = (answers.structuredContent as any).data.answers;
    expect(found.length).toBe(3);
    expect(found[0].runId).toBe(runId);
    expect((answers.structuredContent as any).citations[0]).toMatchObject({
      kind: "response",
      runId,
    });
    await client.close();
  });

  it("refuses a tool beyond the key's scopes and invalid arguments as tool errors", async () => {
    const client = await connectMcpClient(t, metricsOnlyKey);
    const denied = await client.callTool({ name: "list_runs", arguments: {} });
    expect(denied.isError).toBe(true);
    expect(textOf(denied).error.code).toBe("insufficient_scope");
    const invalid = await client.callTool({ name: "get_timeseries", arguments: { from: "x" } });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid).error).toMatchObject({ code: "invalid_arguments" });
    expect(textOf(invalid).error.message).toContain("from");
    // The contract's day (components/schemas/Day) holds for tool arguments too.
    for (const [name, args] of [
      ["get_timeseries", { from: "9999-12-01", to: "9999-12-31" }],
      ["get_seo_traffic", { from: "0000-00-00" }],
      ["top_cited_domains", { to: "2026-02-30" }],
      ["list_metric_changes", { from: "1999-12-31" }],
    ] as const) {
      const refused = await client.callTool({ name, arguments: args });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused).error, name).toMatchObject({ code: "invalid_arguments" });
    }
    await client.close();
  });

  it("binds the tools to the key's workspace: workspace B's key sees none of A's data", async () => {
    const client = await connectMcpClient(t, keyB);
    const runs = await client.callTool({ name: "list_runs", arguments: {} });
    expect((runs.structuredContent as any).data.runs).toEqual([]);
    const answers = await client.callTool({ name: "search_answers", arguments: {} });
    expect((answers.structuredContent as any).data.answers).toEqual([]);
    const first = (await t.server.ctx.prisma.engineResponse.findFirstOrThrow({ where: { runId } }))
      .id;
    const answer = await client.callTool({
      name: "get_answer",
      arguments: { runId, responseId: first },
    });
    expect(answer.isError).toBe(true);
    expect(textOf(answer).error.code).toBe("not_found");
    await client.close();
  });

  it("refuses a workspace argument naming another workspace, accepts its own", async () => {
    const client = await connectMcpClient(t, keyB);
    const other = await client.callTool({ name: "list_runs", arguments: { workspace: slugA } });
    expect(other.isError).toBe(true);
    expect(textOf(other).error.code).toBe("workspace_not_found");
    const own = await client.callTool({ name: "list_runs", arguments: { workspace: slugB } });
    expect(own.isError).toBeFalsy();
    await client.close();
  });

  it("answers a notification 202 without a body", async () => {
    const response = await postMcp(t, {
      bearer: keyA,
      body: { jsonrpc: "2.0", method: "notifications/initialized" },
    });
    expect(response.status).toBe(202);
    expect(response.text).toBe("");
  });
});
