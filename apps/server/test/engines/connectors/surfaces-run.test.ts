import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../../fakes/fake-answer-engine.js";
import { FakeDataForSeo, OVERVIEW_TEXT } from "../../fakes/fake-dataforseo.js";
import { grokResponse } from "../../fakes/xai-responses.js";
import { useProviderEnv } from "../../harness/provider-env.js";
import { startTestServer, type TestServer } from "../../harness/test-server.js";
import { seedPrompts, useEngines, waitForRun } from "../../runs/run-fixtures.js";

/**
 * One run asking a developer API (Grok, through xAI's fake) and a search page (Google's AI
 * Overviews, through DataForSEO's fake) the same prompts: every answer is labelled with its
 * surface and collector, a query Google shows no AI Overview for is an answer `not_shown`, each
 * DataForSEO task is posted (charged) once, the run is charged what the ledger says, and the
 * metrics read each surface apart and say when they pool them.
 */
const withoutOverview = "Which analytics tool is best for team 2?";
const xai = new FakeAnswerEngine((r) => grokResponse(r.body));
let t: TestServer;
let cookie: string;
let slug: string;
let dataForSeo: FakeDataForSeo;
let restoreEnv: () => void;

beforeAll(async () => {
  dataForSeo = new FakeDataForSeo({
    // The server's clock (its polls advance it), once there is a server.
    now: () => (t as TestServer | undefined)?.clock.now() ?? new Date(),
    showsOverview: (keyword) => keyword !== withoutOverview,
  });
  await Promise.all([xai.start(), dataForSeo.start()]);
  restoreEnv = useProviderEnv({
    XAI_API_KEY: "xai-operator",
    XAI_BASE_URL: xai.url,
    DATAFORSEO_API_KEY: `${dataForSeo.login}:${dataForSeo.password}`,
    DATAFORSEO_BASE_URL: dataForSeo.url,
  });
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("surfaces@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner", domains: ["runner.example"] });
  await seedPrompts(t, slug, 3);
});
afterAll(async () => {
  await t.close();
  await xai.close();
  await dataForSeo.close();
  restoreEnv();
});

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });

describe("a run over two surfaces", () => {
  it("labels, charges and measures each surface's answers", async () => {
    await useEngines(t, slug, cookie, { grok: "grok-4.3", google_ai_overview: "dataforseo-serp" });
    // The workspace reads Google from Austin; its prompts have no region, so they are asked in
    // the United States, the city's country.
    const austin = { city: "Austin", country: "US", latitude: 30.2672, longitude: -97.7431 };
    const located = await t.request<any>("PATCH", `/api/v1/workspaces/${slug}/settings`, {
      cookie,
      body: { searchLocation: austin },
    });
    expect(located.status, located.text).toBe(200);
    const posted = (await get("/credits/balance")).body.postedMicrousd as number;
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ engines: ["grok", "google_ai_overview"] });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({
      status: "succeeded",
      progress: { completed: 6, failed: 0, endStates: { notShown: 1 } },
    });

    const answers = (await get(`/runs/${run.runId}/responses?limit=100`)).body.data as any[];
    const overviews = answers.filter((a) => a.engine === "google_ai_overview");
    expect(overviews).toHaveLength(3);
    for (const a of overviews)
      expect(a).toMatchObject({
        surface: "search_page",
        collector: "dataforseo",
        country: "US",
        city: "Austin",
      });
    for (const p of dataForSeo.posted)
      expect(p.params.location_coordinate).toBe("30.2672,-97.7431,200");
    // Grok takes a country only.
    for (const a of answers.filter((a) => a.engine === "grok"))
      expect(a).toMatchObject({ surface: "api", collector: "xai", city: null });
    const missing = overviews.find((a) => a.prompt === withoutOverview);
    expect(missing).toMatchObject({ endState: "not_shown", answer: "", citations: [] });
    expect(missing.costMicrousd).toBe(1_200);
    for (const a of overviews.filter((a) => a !== missing)) {
      expect(a).toMatchObject({
        endState: "completed",
        answer: OVERVIEW_TEXT,
        costMicrousd: 2_400,
      });
      expect(a.citations.map((c: any) => c.url)).toContain("https://runner.example/teams");
    }
    // One task posted (and charged) per answer; each stored with its task's id.
    expect(dataForSeo.charged.map((p) => p.tag).sort()).toEqual(
      overviews.map((a) => a.responseId).sort(),
    );
    const rows = await t.server.ctx.prisma.engineResponse.findMany({
      where: { runId: run.runId, engine: "google_ai_overview" },
      select: { id: true, collectionId: true },
    });
    for (const row of rows)
      expect(row.collectionId).toBe(dataForSeo.posted.find((p) => p.tag === row.id)?.id);

    const cost = answers.reduce((sum, a) => sum + a.costMicrousd, 0);
    expect(run.costMicrousd).toBe(cost);
    expect(posted - (await get("/credits/balance")).body.postedMicrousd).toBe(cost);

    // The default view pools the surfaces and says so; each reads apart.
    const pooled = await get("/scoreboard");
    expect(pooled.body.composite).toMatchObject({ n: 6, surfaces: ["api", "search_page"] });
    const page = await get("/scoreboard?surface=search_page");
    expect(page.body.composite).toMatchObject({ n: 3, surfaces: ["search_page"] });
    expect(page.body.engines.map((e: any) => e.engine)).toEqual(["google_ai_overview"]);
    // The brand is in two of the three pages' answers (none on the page without one).
    expect(page.body.engines[0].metrics.visibility.value).toBeCloseTo(2 / 3, 10);
    const api = await get("/scoreboard?surface=api");
    expect(api.body.composite).toMatchObject({ n: 3, surfaces: ["api"] });
    expect(api.body.engines.map((e: any) => e.engine)).toEqual(["grok"]);
    expect(api.body.engines[0].metrics.visibility.value).toBe(1);

    // Sources too: Grok read review.example without citing it; the results page read nothing.
    const today = t.clock.now().toISOString().slice(0, 10);
    const period = `from=${today}&to=${today}`;
    const apiSources = await get(`/sources?${period}&surface=api`);
    expect(apiSources.status).toBe(200);
    expect(apiSources.body.usedDomains.map((d: any) => d.domain)).toEqual(["review.example"]);
    const pageSources = await get(`/sources?${period}&surface=search_page`);
    expect(pageSources.body.usedDomains).toEqual([]);
    expect(pageSources.body.domains.map((d: any) => d.domain)).toContain("runner.example");
    const allSources = (await get(`/sources?${period}`)).body;
    for (const d of pageSources.body.domains)
      expect(d.count).toBeLessThanOrEqual(
        allSources.domains.find((p: any) => p.domain === d.domain)?.count ?? 0,
      );
    const readBy = (surface: string) =>
      get(`/sources/review.example?${period}&surface=${surface}`).then((r) => r.body.usedBy);
    expect(await readBy("api")).toHaveLength(3);
    expect(await readBy("search_page")).toEqual([]);
    const cited = await get(`/sources/runner.example?${period}&surface=search_page`);
    expect(cited.body.prompts).toHaveLength(2);
    expect(cited.body.urls.map((u: any) => u.url)).toContain("https://runner.example/teams");
  });
});
