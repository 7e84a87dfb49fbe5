import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assistantTools,
  callAssistantTool,
  toolsFor,
} from "../../src/services/assistant-tools/registry.js";
import { MAX_RESULT_BYTES } from "../../src/services/assistant-tools/result-bounds.js";
import type { WorkspaceOperation } from "../../src/services/operation.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { workspaceJobsSettled } from "../harness/workspace-jobs.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { operationFor, tableCounts, unsupportedSummaryNumbers } from "./tool-fixtures.js";

let t: TestServer;
let slug: string;
let op: WorkspaceOperation;
let runId: string;
const day = "2026-03-04";

/** What the chat and the MCP server rely on: these names, in this order. */
const toolNames = [
  "get_metrics",
  "get_scoreboard",
  "get_timeseries",
  "list_metric_changes",
  "top_cited_domains",
  "surface_gap",
  "get_seo_traffic",
  "list_prompts",
  "list_runs",
  "search_answers",
  "get_answer",
  "list_recommendations",
  "list_page_evaluations",
  "get_page_evaluation",
  "list_reports",
  "get_credit_balance",
];

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${day}T09:00:00.000Z`);
  const cookie = await t.signIn("tools@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 6);
  await seedPrompt(t, slug, "comparison", "Is acme better than Globex for dashboards?");
  const tagged = await t.server.ctx.prisma.prompt.findFirstOrThrow({
    where: { text: { contains: "dashboards" } },
  });
  await t.server.ctx.prisma.prompt.update({ where: { id: tagged.id }, data: { tags: ["vs"] } });
  runId = (await runAndWait(t, slug, cookie)).runId;
  op = await operationFor(t, slug);
  await workspaceJobsSettled(t, op.workspace.id);
}, 120_000);
afterAll(() => t.close());

const call = (name: string, args: Record<string, unknown> = {}, as = op) =>
  callAssistantTool({ op: as, name, args });

describe("the assistant tools on a workspace with a simulated run", () => {
  it("are the agreed tools, each with an object schema refusing unknown arguments", () => {
    expect(assistantTools.map((tool) => tool.name)).toEqual(toolNames);
    for (const tool of assistantTools) {
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.description.length).toBeGreaterThan(40);
    }
  });

  it("get_metrics: composite, engines, share of voice with intervals and comparisons, cited", async () => {
    const result = await call("get_metrics", { to: day });
    const data = result.data as any;
    expect(data.date).toBe(day);
    expect(data.composite.n).toBeGreaterThan(0);
    expect(data.composite.ciLow).toBeLessThanOrEqual(data.composite.value);
    expect(data.engines.map((e: any) => e.engine)).toEqual(["simulated"]);
    expect(data.shareOfVoice.map((e: any) => e.entity)).toEqual(["acme", "Globex", "Initech"]);
    expect(data.shareOfVoice[0]).toHaveProperty("comparisons.previous");
    expect(result.summary).toContain(`composite ${data.composite.value}`);
    expect(result.citations).toContainEqual({
      kind: "metric",
      metric: "composite",
      filter: { date: day },
    });
    const since = (await call("get_metrics", { from: "2026-03-01", engine: "simulated" }))
      .data as any;
    expect(since.since).toMatchObject({ date: "2026-03-01", n: 0, change: null });
  });

  it("get_scoreboard, get_timeseries, list_metric_changes, top_cited_domains read the rollups", async () => {
    const scoreboard = (await call("get_scoreboard", {})).data as any;
    expect(scoreboard.composite.n).toBeGreaterThan(0);
    const series = (await call("get_timeseries", { from: "2026-03-01", to: day })).data as any;
    expect(series.series.map((s: any) => s.entityId)).toContain("self");
    expect(series.series[0].points.map((p: any) => p.date)).toEqual([day]);
    const changes = (await call("list_metric_changes", { engine: "all" })).data as any;
    expect(Array.isArray(changes.changes)).toBe(true);
    const domains = await call("top_cited_domains", { to: day, limit: 3 });
    const list = (domains.data as any).domains;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(3);
    expect(list[0].citedAnswers).toBeGreaterThanOrEqual(list.at(-1).citedAnswers);
    const onApi = (await call("top_cited_domains", { to: day, limit: 3, surface: "api" })).data;
    expect((onApi as any).domains).toEqual(list);
    const onApps = await call("top_cited_domains", { to: day, surface: "consumer_app" });
    expect((onApps.data as any).domains).toEqual([]);
  });

  it("list_prompts filters by tag and text; list_runs by status", async () => {
    const tagged = (await call("list_prompts", { tag: "vs" })).data as any;
    expect(tagged.prompts.map((p: any) => p.text)).toEqual([
      "Is acme better than Globex for dashboards?",
    ]);
    const text = (await call("list_prompts", { text: "TEAM 3" })).data as any;
    expect(text.prompts).toHaveLength(1);
    expect(((await call("list_runs", { status: "succeeded" })).data as any).runs[0].runId).toBe(
      runId,
    );
    expect(((await call("list_runs", { status: "failed" })).data as any).runs).toEqual([]);
  });

  it("search_answers: bounded excerpts marked untrusted, mentions, cited URLs, response citations", async () => {
    const result = await call("search_answers", { entity: "Globex", limit: 20 });
    const answers = (result.data as any).answers;
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.mentions.map((m: any) => m.entity)).toContain("Globex");
      expect(answer.untrustedText.length).toBeLessThanOrEqual(402);
      expect(answer.citedUrls.length).toBeLessThanOrEqual(5);
      expect(answer.runId).toBe(runId);
    }
    expect(result.citations).toHaveLength(answers.length);
    expect(result.citations[0]).toEqual({
      kind: "response",
      runId,
      responseId: answers[0].responseId,
      promptId: answers[0].promptId,
      engine: "simulated",
    });
    const word = answers[0].untrustedText.split(/\s+/).find((w: string) => w.length > 6);
    const byText = (await call("search_answers", { text: word, engine: "simulated" })).data as any;
    expect(byText.answers.length).toBeGreaterThan(0);
    const none = (await call("search_answers", { from: "2026-03-05" })).data as any;
    expect(none.answers).toEqual([]);
    // The simulated engine reads as a developer API: no answer came from a results page.
    const onApi = (await call("search_answers", { surface: "api" })).data as any;
    expect(onApi.answers.length).toBeGreaterThan(0);
    const onPage = (await call("search_answers", { surface: "search_page" })).data as any;
    expect(onPage.answers).toEqual([]);
  });

  it("get_answer: the full stored answer with its mentions and citations", async () => {
    const row = await t.server.ctx.prisma.engineResponse.findFirstOrThrow({
      where: { runId, status: "succeeded" },
    });
    const result = await call("get_answer", { runId, responseId: row.id });
    const data = result.data as any;
    expect(data.untrustedText).toBe(row.answer);
    expect(data.answerChars).toBe(row.answer?.length);
    expect(result.citations).toEqual([
      { kind: "response", runId, responseId: row.id, promptId: row.promptId, engine: row.engine },
    ]);
    await expect(
      call("get_answer", { runId, responseId: "rsp_01JD0000000000000000000000" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("recommendations, page evaluations, reports, SEO traffic and credits answer their shapes", async () => {
    expect((await call("list_recommendations", { status: "proposed" })).data).toHaveProperty(
      "recommendations",
    );
    expect((await call("list_page_evaluations", {})).data).toEqual({
      evaluations: [],
      more: false,
    });
    await expect(
      call("get_page_evaluation", { id: "pev_01JD0000000000000000000000" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await call("list_reports", {})).data).toEqual({ reports: [], more: false });
    const seo = (await call("get_seo_traffic", { from: "2026-02-01", to: "2026-03-01" }))
      .data as any;
    expect(seo).toMatchObject({ totalSessions: 0, aiSessions: 0, engines: [] });
    expect((await call("get_credit_balance")).data).toHaveProperty("availableMicrousd");
  });

  it("every result is bounded and its summary states only numbers its data holds", async () => {
    const row = await t.server.ctx.prisma.engineResponse.findFirstOrThrow({ where: { runId } });
    const argsOf: Record<string, Record<string, unknown>> = {
      get_answer: { runId, responseId: row.id },
      get_page_evaluation: { id: "pev_01JD0000000000000000000000" },
      search_answers: { limit: 20 },
      list_prompts: { limit: 50 },
    };
    for (const tool of assistantTools) {
      const result = await call(tool.name, argsOf[tool.name] ?? {}).catch(() => null);
      if (!result) continue;
      expect(Buffer.byteLength(JSON.stringify(result.data))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
      expect(unsupportedSummaryNumbers(result.summary, result.data), tool.name).toEqual([]);
    }
  });
});

describe("the summary check", () => {
  it("reads a digit inside a host name as part of the name, which the data must hold", () => {
    const data = { domains: [{ domain: "g2.com", citedAnswers: 3 }] };
    expect(unsupportedSummaryNumbers("1 domain(s), top g2.com cited by 3 answer(s)", data)).toEqual(
      [],
    );
    expect(unsupportedSummaryNumbers("top g3.com cited by 4 answer(s)", data)).toEqual([
      "g3.com",
      "4",
    ]);
  });
});

describe("what the tools refuse", () => {
  it.each([
    ["get_metrics", { to: "2026-02-30" }, "to"],
    ["get_metrics", { tag: "vs" }, "tag"],
    ["get_timeseries", { engine: "bing" }, "engine"],
    ["get_timeseries", { from: day, to: "2026-03-01" }, "to"],
    ["get_timeseries", { from: "2025-01-01", to: day }, "to"],
    ["search_answers", { limit: 21 }, "limit"],
    ["search_answers", { entity: "Nobody" }, "entity"],
    ["list_runs", { status: "done" }, "status"],
    ["get_answer", { runId }, "responseId"],
    ["list_prompts", { limit: "5" }, "limit"],
  ])("%s %j: invalid_arguments naming %s", async (name, args, field) => {
    const refusal = await call(name, args).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "invalid_arguments" });
    expect((refusal as Error).message).toContain(field);
  });

  it("arguments that are not an object, and unknown tools", async () => {
    await expect(callAssistantTool({ op, name: "list_runs", args: [1] })).rejects.toMatchObject({
      code: "invalid_arguments",
    });
    await expect(call("drop_tables")).rejects.toMatchObject({ code: "unknown_tool" });
  });

  it("a key with metrics:read sees the metrics tools only and is refused the others", async () => {
    const keyOp = await operationFor(t, slug, { scopes: ["metrics:read"] });
    expect(toolsFor(keyOp.principal).map((tool) => tool.name)).toEqual([
      "get_metrics",
      "get_scoreboard",
      "get_timeseries",
      "list_metric_changes",
      "top_cited_domains",
      "surface_gap",
      "get_seo_traffic",
    ]);
    for (const name of toolNames.filter(
      (n) => !toolsFor(keyOp.principal).some((x) => x.name === n),
    )) {
      await expect(call(name, {}, keyOp)).rejects.toMatchObject({ code: "insufficient_scope" });
    }
    expect(((await call("get_scoreboard", {}, keyOp)).data as any).composite.n).toBeGreaterThan(0);
  });

  it("the tools never write: every table's row count is the same after calling each", async () => {
    const row = await t.server.ctx.prisma.engineResponse.findFirstOrThrow({ where: { runId } });
    const callEvery = async () => {
      for (const tool of assistantTools) {
        await call(
          tool.name,
          tool.name === "get_answer" ? { runId, responseId: row.id } : {},
        ).catch(() => null);
      }
    };
    // The metrics reads store the day's change tests when missing (metric_change_days, a
    // cache the API's GET routes fill alike): one pass first, then nothing may change.
    await callEvery();
    const before = await tableCounts(t);
    await callEvery();
    await callEvery();
    expect(await tableCounts(t)).toEqual(before);
  });
});
