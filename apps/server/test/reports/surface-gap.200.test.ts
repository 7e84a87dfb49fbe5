import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAssistantTool } from "../../src/services/assistant-tools/registry.js";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { operationFor } from "../assistant-tools/tool-fixtures.js";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { CHATGPT_MODEL, FakeBrightData } from "../fakes/fake-brightdata.js";
import { FakeDataForSeo } from "../fakes/fake-dataforseo.js";
import { openAiResponse } from "../fakes/provider-responses.js";
import { useProviderEnv } from "../harness/provider-env.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts, useEngines, waitForRun } from "../runs/run-fixtures.js";

/**
 * The surface gap through the real stack: one run asks OpenAI's API and the ChatGPT app (through
 * Bright Data's fake), and Google's AI Overviews and AI Mode (through DataForSEO's fake), the same
 * prompts; Google shows no overview for two of them and the app never names the brand. The
 * app's answers are labelled with their surface, collector, served model and country, and each
 * pair of the report agrees with the stored answers: answers, visibility on each surface as the
 * scoreboard reads it, the difference with an interval around it, and the overlap of the
 * domains each cited.
 */
/** Enough paired prompts for a difference to be called significant (MIN_PAIRED_PROMPTS). */
const PROMPTS = 10;
const hidden = new Set([
  "Which analytics tool is best for team 1?",
  "Which analytics tool is best for team 4?",
]);
let t: TestServer;
let cookie: string;
let slug: string;
let dataForSeo: FakeDataForSeo;
let brightData: FakeBrightData;
const openai = new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include));
let restoreEnv: () => void;

beforeAll(async () => {
  dataForSeo = new FakeDataForSeo({
    now: () => (t as TestServer | undefined)?.clock.now() ?? new Date(),
    showsOverview: (keyword) => !hidden.has(keyword),
  });
  brightData = new FakeBrightData({
    now: () => (t as TestServer | undefined)?.clock.now() ?? new Date(),
  });
  await Promise.all([dataForSeo.start(), brightData.start(), openai.start()]);
  restoreEnv = useProviderEnv({
    OPENAI_API_KEY: "sk-operator",
    OPENAI_BASE_URL: openai.url,
    BRIGHTDATA_API_KEY: brightData.apiKey,
    BRIGHTDATA_BASE_URL: brightData.url,
    DATAFORSEO_API_KEY: `${dataForSeo.login}:${dataForSeo.password}`,
    DATAFORSEO_BASE_URL: dataForSeo.url,
  });
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("surface-gap@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner", domains: ["runner.example"] });
  await seedPrompts(t, slug, PROMPTS);
});
afterAll(async () => {
  await t.close();
  await Promise.all([dataForSeo.close(), brightData.close(), openai.close()]);
  restoreEnv();
});

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });

const domainOf = (url: string) => new URL(url).hostname.replace(/^www\./, "");

describe("the surface gap report", () => {
  it("pairs two surfaces of one assistant on the same prompts, as the answers say", async () => {
    await useEngines(t, slug, cookie, {
      google_ai_overview: "dataforseo-serp",
      google_ai_mode: "dataforseo-serp",
      openai: "gpt-4.1-mini",
      chatgpt_app: "brightdata-app",
    });
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status, started.text).toBe(202);
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { failed: 0 } });
    const answers = (await get(`/runs/${run.runId}/responses?limit=100`)).body.data as any[];
    const of = (engine: string) => answers.filter((a) => a.engine === engine);
    expect(of("google_ai_overview")).toHaveLength(PROMPTS);
    expect(of("google_ai_mode")).toHaveLength(PROMPTS);
    expect(of("chatgpt_app")).toHaveLength(PROMPTS);
    for (const a of of("chatgpt_app")) {
      expect(a).toMatchObject({
        surface: "consumer_app",
        collector: "brightdata",
        model: "brightdata-app",
        servedModel: CHATGPT_MODEL,
        endState: "completed",
        costMicrousd: 5_000,
      });
      expect(a.citations.map((c: any) => domainOf(c.url))).toEqual(["globex.com", "initech.io"]);
    }
    expect(brightData.billedRecords).toBe(PROMPTS);
    expect(run.costMicrousd).toBe(answers.reduce((sum, a) => sum + a.costMicrousd, 0));

    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const today = t.clock.now().toISOString().slice(0, 10);
    /** Today's report of this type, generated as the system does, read through the API. */
    const generated = async (type: "surface_gap" | "visibility_summary") => {
      const made = await generateReport({
        ctx: t.server.ctx,
        workspaceId: workspace.id,
        type,
        period: { from: today, to: today },
        trigger: "run",
      });
      return { id: made?.reportId, response: await get(`/reports/${made?.reportId}`) };
    };
    const { id: gapId, response: report } = await generated("surface_gap");
    expect(report.status, report.text).toBe(200);
    const [pairs, domains] = report.body.document.sections;
    expect(pairs.table.rows).toHaveLength(2);
    const [pair, chatgpt] = pairs.table.rows;
    expect(pair).toMatchObject({
      family: "google_search",
      first: "google_ai_mode",
      firstSurface: "search_page",
      second: "google_ai_overview",
      secondSurface: "search_page",
      prompts: PROMPTS,
      firstAnswers: PROMPTS,
      secondAnswers: PROMPTS,
    });
    expect(pairs.notes).toEqual([]);
    expect(report.body.document.summary[0]).toEqual({ label: "Pairs measured", value: "2" });

    // Each side's visibility is the scoreboard's for that engine on the day.
    const scoreboard = (await get("/scoreboard")).body;
    const visibilityOf = (engine: string) =>
      scoreboard.engines.find((e: any) => e.engine === engine).metrics.visibility.value * 100;
    expect(pair.firstVisibility).toBeCloseTo(visibilityOf("google_ai_mode"), 9);
    expect(pair.secondVisibility).toBeCloseTo(visibilityOf("google_ai_overview"), 9);
    // AI Mode names the brand on every page; the overview only where Google shows one.
    expect(pair.firstVisibility).toBe(100);
    expect(pair.secondVisibility).toBeCloseTo((100 * (PROMPTS - hidden.size)) / PROMPTS, 9);
    expect(pair.visibilityGap).toBeCloseTo(pair.secondVisibility - pair.firstVisibility, 9);
    expect(pair.visibilityGapLow).toBeLessThanOrEqual(pair.visibilityGap);
    expect(pair.visibilityGapHigh).toBeGreaterThanOrEqual(pair.visibilityGap);
    expect(pair.visibilitySignificant).toBe(
      pair.visibilityGapLow > 0 || pair.visibilityGapHigh < 0 ? "yes" : "no",
    );
    expect(pair.shareOfVoiceGapLow).toBeLessThanOrEqual(pair.shareOfVoiceGap);
    expect(pair.shareOfVoiceGapHigh).toBeGreaterThanOrEqual(pair.shareOfVoiceGap);

    // The API names the brand in every answer, the app in none: a gap the interval is sure of.
    expect(chatgpt).toMatchObject({
      family: "chatgpt",
      first: "openai",
      firstSurface: "api",
      second: "chatgpt_app",
      secondSurface: "consumer_app",
      prompts: PROMPTS,
      firstVisibility: visibilityOf("openai"),
      secondVisibility: 0,
      visibilityGap: -visibilityOf("openai"),
      visibilitySignificant: "yes",
    });
    expect(chatgpt.visibilityGapHigh).toBeLessThan(0);

    // The cited domains' overlap, from the stored citations of each engine.
    const cited = (engine: string) =>
      new Set(of(engine).flatMap((a) => a.citations.map((c: any) => domainOf(c.url))));
    const mode = cited("google_ai_mode");
    const overview = cited("google_ai_overview");
    const shared = [...mode].filter((d) => overview.has(d));
    expect(pair.sharedDomains).toBe(shared.length);
    expect(pair.onlyFirstDomains).toBe(mode.size - shared.length);
    expect(pair.onlySecondDomains).toBe(overview.size - shared.length);
    expect(pair.domainOverlap).toBeCloseTo(
      (100 * shared.length) / new Set([...mode, ...overview]).size,
      9,
    );
    const googleRows = domains.table.rows.filter((r: any) => r.pair.startsWith("google"));
    expect(new Set(googleRows.map((r: any) => r.domain))).toEqual(new Set([...mode, ...overview]));
    for (const row of googleRows) {
      const count = (engine: string) =>
        of(engine).filter((a) => a.citations.some((c: any) => domainOf(c.url) === row.domain))
          .length;
      expect(row).toMatchObject({
        first: count("google_ai_mode"),
        second: count("google_ai_overview"),
      });
    }

    // The API answers the same pairs on request, for any period.
    const api = await get(`/metrics/surface-gap?from=${today}&to=${today}&limit=3`);
    expect(api.status, api.text).toBe(200);
    expect(api.body).toMatchObject({ period: { from: today, to: today }, minPairedPrompts: 10 });
    expect(api.body.pairs.map((p: any) => [p.first.engine, p.second.engine])).toEqual([
      ["google_ai_mode", "google_ai_overview"],
      ["openai", "chatgpt_app"],
    ]);
    const [apiGoogle, apiChatgpt] = api.body.pairs;
    expect(apiChatgpt).toMatchObject({
      family: "chatgpt",
      prompts: PROMPTS,
      days: [today],
      unpairedAnswers: { first: 0, second: 0 },
      second: { surface: "consumer_app", answers: PROMPTS, visibility: { value: 0 } },
      visibility: { significant: true },
    });
    expect(apiChatgpt.visibility.value * 100).toBeCloseTo(chatgpt.visibilityGap, 9);
    expect(apiChatgpt.visibility.ciLow * 100).toBeCloseTo(chatgpt.visibilityGapLow, 9);
    expect(apiGoogle.domains.shared).toBe(pair.sharedDomains);
    expect(apiGoogle.domains.top).toHaveLength(3);

    // The assistant's tool (chat and MCP) reads the same figures.
    const tool = await callAssistantTool({
      op: await operationFor(t, slug, { scopes: ["metrics:read"] }),
      name: "surface_gap",
      args: { from: today, to: today },
    });
    expect((tool.data as any).pairs).toEqual(
      (await get(`/metrics/surface-gap?from=${today}&to=${today}&limit=5`)).body.pairs,
    );
    expect(tool.summary).toContain(
      `openai 100.0% vs chatgpt_app 0.0% visibility on ${PROMPTS} prompt(s): -100.0 pt`,
    );

    // The other reports say when their figures pool surfaces.
    const document = (await generated("visibility_summary")).response.body.document;
    const figures = document.summary;
    // And read each surface apart, as the scoreboard does with ?surface=.
    const surfaces = document.sections.find((section: any) => section.id === "surfaces");
    expect(surfaces.table.rows.map((r: any) => [r.surface, r.responses])).toEqual([
      ["api", PROMPTS],
      ["search_page", 2 * PROMPTS],
      ["consumer_app", PROMPTS],
    ]);
    const appBoard = (await get("/scoreboard?surface=consumer_app")).body.composite;
    expect(surfaces.table.rows[2]).toMatchObject({
      composite: appBoard.value,
      low: appBoard.ciLow,
      high: appBoard.ciHigh,
    });
    expect(figures.find((f: any) => f.label === "Surfaces")).toEqual({
      label: "Surfaces",
      value: "developer APIs, search results pages, consumer apps",
      detail:
        "pooled: the figures count every surface's answers together; the surface gap report compares them",
    });

    // CSV names the default section's columns.
    const csv = await get(`/reports/${gapId}?format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.text).split("\n")[0]).toContain("Visibility difference (points)");
  });

  it("each side of a pair opens to its answers: the prompts both engines answered that day", async () => {
    // One more prompt, asked of the API alone: unpaired, so the sides' drill-downs leave it out.
    const added = await t.request<any>("POST", `/api/v1/workspaces/${slug}/prompts`, {
      cookie,
      body: {
        text: "Which analytics tool suits a solo founder?",
        category: "discovery",
        language: "en",
      },
    });
    expect(added.status, added.text).toBe(201);
    await useEngines(t, slug, cookie, { openai: "gpt-4.1-mini" });
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status, started.text).toBe(202);
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", engines: ["openai"] });

    const today = t.clock.now().toISOString().slice(0, 10);
    const range = `from=${today}&to=${today}`;
    const gap = await get(`/metrics/surface-gap?${range}&limit=5`);
    expect(gap.status, gap.text).toBe(200);
    const chatgpt = gap.body.pairs.find((p: any) => p.family === "chatgpt");
    // The API answered every prompt twice today, the app once, the new prompt only by the API.
    expect(chatgpt).toMatchObject({
      prompts: PROMPTS,
      unpairedAnswers: { first: 1, second: 0 },
      first: { engine: "openai", answers: 2 * PROMPTS },
      second: { engine: "chatgpt_app", answers: PROMPTS },
    });
    const total = async (query: string) => {
      const res = await get(`/answers?${range}&${query}&limit=1`);
      expect(res.status, res.text).toBe(200);
      return res.body.total as number;
    };
    expect(await total("engine=openai&pairedWith=chatgpt_app")).toBe(chatgpt.first.answers);
    expect(await total("engine=chatgpt_app&pairedWith=openai")).toBe(chatgpt.second.answers);
    expect(await total("engine=openai")).toBe(chatgpt.first.answers + 1);
    // Each side's visibility: its numerator among the paired answers, its n those answers.
    for (const [side, other] of [
      ["first", "chatgpt_app"],
      ["second", "openai"],
    ] as const) {
      const v = chatgpt[side].visibility;
      expect(v.n).toBe(chatgpt[side].answers);
      const naming = await total(
        `engine=${chatgpt[side].engine}&pairedWith=${other}&match=mentioned&entity=self`,
      );
      expect(naming).toBe(Math.round(v.value * v.n));
    }
  });
});
