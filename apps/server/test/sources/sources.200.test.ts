import { describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { day1, day2, readSources, seedMeasuredWorkspace } from "./sources-fixture.js";

let t: TestServer;
let w: Awaited<ReturnType<typeof seedMeasuredWorkspace>>;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  w = await seedMeasuredWorkspace(t, "sources-200");
}, 120_000);

const get = (path: string) => readSources(t, w.slug, path, { cookie: w.cookie });

describe("GET .../sources", () => {
  it("reads the 28 days ending today by default, every domain new against nothing before", async () => {
    const response = await get("");
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.period).toEqual({ from: "2026-02-06", to: day2 });
    expect(body.previousPeriod).toEqual({ from: "2026-01-09", to: "2026-02-05" });
    expect(body.domains.length).toBeGreaterThan(0);
    for (const d of body.domains) {
      expect(d).toMatchObject({ taxonomy: expect.any(String), previous: 0, used: 0, isNew: true });
      expect(d.count).toBeGreaterThan(0);
    }
    expect(body.newDomains).toEqual(body.domains);
    expect(body.lostDomains).toEqual([]);
    expect(body.totals).toEqual({
      domains: body.domains.length,
      newDomains: body.domains.length,
      lostDomains: 0,
      usedDomains: 0,
    });
    // The simulated engine reports no sources read without citing them.
    expect(body.usedDomains).toEqual([]);
    expect(body.urls[0]).toMatchObject({ url: expect.stringMatching(/^https?:/) });
  });

  it("compares the last day with the day before, as the cited sources report does", async () => {
    // Both list at most 25 items by default.
    const one = (await get(`?from=${day2}&to=${day2}`)).body;
    expect(one.previousPeriod).toEqual({ from: day1, to: day1 });
    for (const d of one.domains) expect(d.isNew).toBe(d.previous === 0);
    for (const d of one.lostDomains) expect(d).toMatchObject({ count: 0, isLost: true });

    const made = await generateReport({
      ctx: t.server.ctx,
      workspaceId: w.workspaceId,
      type: "cited_sources",
      period: { from: day2, to: day2 },
      trigger: "run",
    });
    const report = (
      await t.request<any>("GET", `/api/v1/workspaces/${w.slug}/reports/${made?.reportId}`, {
        cookie: w.cookie,
      })
    ).body;
    const rows = (id: string) => report.document.sections.find((s: any) => s.id === id).table.rows;
    const plain = (list: any[]) =>
      list.map(({ domain, taxonomy, count, previous, used }) => ({
        domain,
        taxonomy,
        count,
        previous,
        used,
      }));
    expect(plain(one.domains)).toEqual(rows("domains"));
    expect(plain(one.newDomains)).toEqual(rows("new_sources"));
    expect(plain(one.lostDomains)).toEqual(rows("lost_sources"));
    expect(one.urls).toEqual(rows("urls"));
    expect(one.usedDomains).toEqual(rows("used_domains"));
  });

  it("lists at most `limit` items and counts them all", async () => {
    const all = (await get("?limit=100")).body;
    const some = (await get("?limit=1")).body;
    expect(some.domains).toEqual(all.domains.slice(0, 1));
    expect(some.urls).toEqual(all.urls.slice(0, 1));
    expect(some.totals).toEqual(all.totals);
  });

  it("reads an empty period as empty lists", async () => {
    const body = (await get("?from=2025-01-01&to=2025-01-31")).body;
    expect(body).toMatchObject({
      domains: [],
      urls: [],
      newDomains: [],
      lostDomains: [],
      usedDomains: [],
    });
    expect(body.totals).toEqual({ domains: 0, newDomains: 0, lostDomains: 0, usedDomains: 0 });
  });
});

describe("GET .../sources/{domain}", () => {
  it("lists the prompts citing the domain and its URLs", async () => {
    const top = (await get("")).body.domains[0];
    const response = await get(`/${top.domain}`);
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      domain: top.domain,
      taxonomy: top.taxonomy,
      period: { from: "2026-02-06", to: day2 },
    });
    expect(body.prompts.length).toBeGreaterThan(0);
    const prompts = await t.server.ctx.prisma.prompt.findMany({
      where: { workspaceId: w.workspaceId },
    });
    const texts = new Map(prompts.map((p) => [p.id, p.text]));
    for (const p of body.prompts) {
      expect(p.text).toBe(texts.get(p.promptId));
      expect(p.count).toBeGreaterThan(0);
      expect(w.runs).toContain(p.latestRunId);
    }
    // The answers citing it, counted from the stored citations.
    const citing = await t.server.ctx.prisma.engineResponse.count({
      where: {
        workspaceId: w.workspaceId,
        status: "succeeded",
        citations: { some: { domain: top.domain } },
      },
    });
    expect(body.prompts.reduce((sum: number, p: any) => sum + p.count, 0)).toBe(citing);
    expect(body.urls.length).toBeGreaterThan(0);
    for (const u of body.urls) expect(u.domain).toBe(top.domain);
  });

  it("lists the prompts whose answers read the domain without citing it (usedBy)", async () => {
    const { prisma } = t.server.ctx;
    const answer = await prisma.engineResponse.findFirstOrThrow({
      where: { workspaceId: w.workspaceId, status: "succeeded", runId: { in: w.runs } },
      orderBy: { id: "asc" },
    });
    await prisma.responseSource.create({
      data: {
        id: "usrc_sources_200",
        responseId: answer.id,
        position: 1,
        url: "https://read-only.example/guide",
        title: "A guide",
        domain: "read-only.example",
      },
    });
    const body = (await get("/read-only.example")).body;
    expect(body.prompts).toEqual([]);
    expect(body.usedBy).toEqual([
      {
        promptId: answer.promptId,
        text: expect.any(String),
        count: 1,
        latestRunId: answer.runId,
      },
    ]);
    // A domain only cited has nobody reading it without citing it.
    const top = (await get("")).body.domains[0];
    expect((await get(`/${top.domain}`)).body.usedBy).toEqual([]);
  });

  it("names the latest run per prompt and narrows to the period", async () => {
    const top = (await get("")).body.domains[0];
    const lastDay = (await get(`/${top.domain}?from=${day2}&to=${day2}`)).body;
    for (const p of lastDay.prompts) expect(p.latestRunId).toBe(w.runs[1]);
    const limited = (await get(`/${top.domain}?limit=1`)).body;
    expect(limited.prompts.length).toBeLessThanOrEqual(1);
    expect(limited.urls.length).toBeLessThanOrEqual(1);
  });

  it("answers empty lists for a domain nobody cited", async () => {
    const body = (await get("/never-cited.example")).body;
    expect(body).toMatchObject({ domain: "never-cited.example", taxonomy: null, prompts: [] });
    expect(body.urls).toEqual([]);
  });
});

describe("what the answers read without citing it", () => {
  it("counts per domain, lists the most read, classes the never cited, and the report agrees", async () => {
    const { prisma } = t.server.ctx;
    // A domain the second day's answers cite (the simulated answers vary from run to run, so
    // the most cited domain of the whole period may not be cited that day).
    const before = (await get(`?from=${day2}&to=${day2}&limit=100`)).body;
    const top = before.domains[0];
    const answers = await prisma.engineResponse.findMany({
      where: { workspaceId: w.workspaceId, status: "succeeded", runId: w.runs[1] },
      orderBy: { id: "asc" },
      take: 3,
    });
    expect(answers).toHaveLength(3);
    // Each answer read a page of a cited domain, of the brand's own domain and of a domain
    // nobody cites; the first read two pages of one domain (one answer, counted once).
    const ownDomain = (await prisma.workspace.findUniqueOrThrow({ where: { id: w.workspaceId } }))
      .domains[0] as string;
    let n = 0;
    const read = (responseId: string, url: string, domain: string) =>
      prisma.responseSource.create({
        data: { id: `usrc_used_${++n}`, responseId, position: 100 + n, url, domain },
      });
    for (const answer of answers) {
      await read(answer.id, `https://${top.domain}/read-${answer.id}`, top.domain);
      await read(answer.id, `https://${ownDomain}/pricing`, ownDomain);
    }
    const [first] = answers as [(typeof answers)[number]];
    await read(first.id, "https://never-cited-read.example/a", "never-cited-read.example");
    await read(first.id, "https://never-cited-read.example/b", "never-cited-read.example");

    const body = (await get(`?from=${day2}&to=${day2}&limit=100`)).body;
    const domain = (name: string) => body.domains.find((d: any) => d.domain === name);
    expect(domain(top.domain).used).toBe(3);
    const used = new Map(body.usedDomains.map((d: any) => [d.domain, d]));
    expect(used.get(top.domain)).toEqual({
      domain: top.domain,
      taxonomy: top.taxonomy,
      used: 3,
      cited: domain(top.domain).count,
    });
    expect(used.get(ownDomain)).toMatchObject({ taxonomy: "owned", used: 3 });
    expect(used.get("never-cited-read.example")).toEqual({
      domain: "never-cited-read.example",
      taxonomy: "other",
      used: 1,
      cited: 0,
    });
    // Most read first; `totals` counts every such domain, `limit` cuts the list only.
    const counts = body.usedDomains.map((d: any) => d.used);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const one = (await get(`?from=${day2}&to=${day2}&limit=1`)).body;
    expect(one.usedDomains).toEqual(body.usedDomains.slice(0, 1));
    expect(one.totals.usedDomains).toBe(body.totals.usedDomains);
    expect(body.totals.usedDomains).toBe(body.usedDomains.length);
    // The first day's runs read none of these (only what the usedBy test above added).
    const firstDay = (await get(`?from=${day1}&to=${day1}`)).body.usedDomains;
    expect(firstDay.map((d: any) => d.domain)).not.toContain("never-cited-read.example");

    const made = await generateReport({
      ctx: t.server.ctx,
      workspaceId: w.workspaceId,
      type: "cited_sources",
      period: { from: day2, to: day2 },
      // Another trigger than the test above's, whose report of the day is stored.
      trigger: "schedule",
    });
    const report = await prisma.report.findUniqueOrThrow({ where: { id: made?.reportId } });
    const document = report.document as any;
    const rows = (id: string) => document.sections.find((s: any) => s.id === id).table.rows;
    expect(rows("used_domains")).toEqual(body.usedDomains);
    expect(rows("domains").find((r: any) => r.domain === top.domain).used).toBe(3);
  });
});
