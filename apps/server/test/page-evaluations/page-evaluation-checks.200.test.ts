import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, redirect, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { auditOf } from "../workspace-config/config-fixtures.js";
import {
  call,
  checksOf,
  evaluate,
  fetchEnv,
  finished,
  seedCitations,
  start,
} from "./page-fixtures.js";

const page = (body: string, head = "") =>
  `<html><head><title>Acme widgets</title>${head}</head><body><h1>Widgets</h1><p>${body}</p></body></html>`;

let robots: string | null = null;
let llms: string | null = null;
let site: TestSite;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  site = await startTestSite({
    "/": html(page("Acme makes fine widgets for analytics teams.")),
    "/robots.txt": (req, res, s) =>
      robots === null ? text("gone", 404)(req, res, s) : text(robots)(req, res, s),
    "/llms.txt": (req, res, s) =>
      llms === null ? text("gone", 404)(req, res, s) : text(llms)(req, res, s),
    "/guarded": (req, res, s) =>
      (req.headers["user-agent"] ?? "").includes("GPTBot")
        ? text("Forbidden", 403)(req, res, s)
        : html(page("Only people may read this."))(req, res, s),
    "/noindex": html(page("Hidden.", '<meta name="robots" content="noindex, nosnippet">')),
    "/ai-header": html(page("No AI here."), { "x-robots-tag": "gptbot: noai" }),
    "/r1": redirect("/r2", 301),
    "/r2": redirect("/landing", 302),
    "/landing": html(page("You arrived.")),
    "/cited": html(page("Engines like this page.")),
    "/medical": html(page("Our supplement cures insomnia. It is made in Spain.")),
  });
  t = await startTestServer({ env: fetchEnv([site.port]) });
  cookie = await t.signIn("pages@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pages" });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe("page evaluations: start, states, list, get", () => {
  it("answers 202 queued, then the worker runs it to succeeded with checks and scores", async () => {
    robots = null;
    const started = await start(t, { cookie }, slug, { url: site.url("/") });
    expect(started).toMatchObject({
      url: site.url("/"),
      finalUrl: null,
      status: "queued",
      failure: null,
      scores: null,
      checks: [],
      crawlerView: null,
      fetchedAt: null,
      startedAt: null,
      finishedAt: null,
      requestedBy: { type: "user" },
    });
    expect(started.id).toMatch(/^pev_[0-9A-Z]{26}$/);
    const done = await finished(t, { cookie }, slug, started.id);
    expect(done).toMatchObject({ status: "succeeded", finalUrl: site.url("/"), failure: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(done.fetchedAt).not.toBeNull();
    const checks = checksOf(done);
    // Access checks: the file, 13 crawlers, page directives, differential, llms.txt.
    expect(done.checks.filter((c: any) => c.id.startsWith("access.robots.")).length).toBe(13);
    expect(checks["access.robots_txt"]).toMatchObject({ status: "info" });
    expect(checks["access.meta_robots"]).toMatchObject({ status: "pass" });
    expect(checks["access.differential"]).toMatchObject({ status: "pass", severity: "critical" });
    expect(checks["compliance.claims"]).toMatchObject({ status: "not_applicable" });
    expect(checks["citations.page"]).toMatchObject({ status: "not_applicable" });
    // Categories come in order.
    const order = ["access", "understanding", "entity", "citations", "compliance"];
    const seen = done.checks.map((c: any) => order.indexOf(c.category));
    expect(seen).toEqual([...seen].sort((a: number, b: number) => a - b));
    expect(done.scores.categories.access).toBe(100);
    expect(done.scores.categories.compliance).toBeNull();
    expect(done.scores.overall).toBeGreaterThanOrEqual(0);
    expect((await auditOf(t, slug, "page_evaluation.start")).length).toBeGreaterThan(0);

    const list = await call(t, { cookie }, "GET", slug, "/page-evaluations?status=succeeded");
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: any) => e.id)).toContain(started.id);
    const byHost = await call(t, { cookie }, "GET", slug, "/page-evaluations?host=example.org");
    expect(byHost.body.data).toEqual([]);
    const queued = await call(t, { cookie }, "GET", slug, "/page-evaluations?status=queued");
    expect(queued.body.data.map((e: any) => e.id)).not.toContain(started.id);
  });

  it("pages through the list newest first with a cursor", async () => {
    const a = await start(t, { cookie }, slug, { url: site.url("/landing") });
    const b = await start(t, { cookie }, slug, { url: site.url("/landing?b=1") });
    await finished(t, { cookie }, slug, b.id);
    const first = await call(
      t,
      { cookie },
      "GET",
      slug,
      "/page-evaluations?limit=1&host=127.0.0.1",
    );
    expect(first.body.data.map((e: any) => e.id)).toEqual([b.id]);
    const second = await call(
      t,
      { cookie },
      "GET",
      slug,
      `/page-evaluations?limit=1&host=127.0.0.1&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data.map((e: any) => e.id)).toEqual([a.id]);
  });

  it("lets a key with runs:write start and one with reports:read read", async () => {
    const writer = await t.mintKey(cookie, slug, ["runs:write"]);
    const reader = await t.mintKey(cookie, slug, ["reports:read"]);
    const started = await start(t, { bearer: writer.secret }, slug, { url: site.url("/") });
    expect(started.requestedBy).toEqual({ type: "api_key", id: writer.keyId });
    const done = await finished(t, { bearer: reader.secret }, slug, started.id);
    expect(done.status).toBe("succeeded");
  });
});

describe("page evaluations: access checks", () => {
  it("robots.txt blocking GPTBot only: a warn of low severity with the deciding line", async () => {
    robots = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n";
    const done = await evaluate(t, { cookie }, slug, site.url("/"));
    const checks = checksOf(done);
    expect(checks["access.robots_txt"]).toMatchObject({ status: "pass" });
    expect(checks["access.robots.GPTBot"]).toMatchObject({
      status: "warn",
      severity: "low",
      evidence: [
        { label: "robots.txt", value: "Disallow: /", line: 2 },
        { label: "group", value: "User-agent: GPTBot" },
      ],
    });
    expect(checks["access.robots.OAI-SearchBot"]).toMatchObject({ status: "pass" });
    expect(checks["access.robots.Googlebot"]).toMatchObject({ status: "pass" });
    expect(done.scores.categories.access).toBeLessThan(100);
    expect(done.scores.categories.access).toBeGreaterThan(90);
  });

  it("robots.txt blocking everyone: search crawlers fail as critical", async () => {
    robots = "# closed\nUser-agent: *\nDisallow: /\n";
    const done = await evaluate(t, { cookie }, slug, site.url("/"));
    const checks = checksOf(done);
    for (const token of ["Googlebot", "Bingbot", "OAI-SearchBot", "PerplexityBot"]) {
      expect(checks[`access.robots.${token}`]).toMatchObject({
        status: "fail",
        severity: "critical",
        evidence: [
          { label: "robots.txt", value: "Disallow: /", line: 3 },
          { value: "User-agent: *" },
        ],
      });
    }
    expect(checks["access.robots.ChatGPT-User"]).toMatchObject({
      status: "fail",
      severity: "high",
    });
    expect(checks["access.robots.CCBot"]).toMatchObject({ status: "warn", severity: "low" });
    expect(checks["access.robots.meta-externalagent"]).toMatchObject({
      status: "warn",
      severity: "medium",
    });
    expect(done.scores.categories.access).toBeLessThan(60);
  });

  it("no robots.txt: every crawler allowed, an info about the file", async () => {
    robots = null;
    const done = await evaluate(t, { cookie }, slug, site.url("/"));
    const checks = checksOf(done);
    expect(checks["access.robots_txt"]).toMatchObject({
      status: "info",
      evidence: [{ label: "robots.txt" }, { label: "status", value: "404" }],
    });
    expect(
      done.checks
        .filter((c: any) => c.id.startsWith("access.robots."))
        .every((c: any) => c.status === "pass"),
    ).toBe(true);
  });

  it("a site that refuses the crawler the browser gets fails the differential check", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/guarded"));
    expect(done.status).toBe("succeeded");
    expect(checksOf(done)["access.differential"]).toMatchObject({
      status: "fail",
      severity: "critical",
      evidence: [
        { label: "browser", value: expect.stringContaining("HTTP 200") },
        { label: "GPTBot", value: expect.stringContaining("HTTP 403") },
      ],
    });
  });

  it("noindex and nosnippet in a robots meta tag fail for each crawler, with the tag", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/noindex"));
    const checks = checksOf(done);
    expect(checks["access.meta_robots"]).toBeUndefined();
    expect(checks["access.meta_robots.Googlebot"]).toMatchObject({
      status: "fail",
      severity: "critical",
      evidence: [{ label: "meta", value: expect.stringContaining("noindex") }],
    });
    expect(checks["access.meta_robots.GPTBot"]).toMatchObject({ status: "warn", severity: "low" });
    expect(checks["access.meta_robots.Googlebot"].summary).toContain("noindex, nosnippet");
  });

  it("an X-Robots-Tag naming one crawler reaches that crawler only", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/ai-header"));
    const directives = done.checks.filter((c: any) => c.id.startsWith("access.meta_robots"));
    expect(directives).toEqual([
      expect.objectContaining({
        id: "access.meta_robots.GPTBot",
        status: "warn",
        severity: "medium",
        evidence: [{ label: "header", value: "X-Robots-Tag: gptbot: noai" }],
      }),
    ]);
  });

  it("llms.txt present or absent is informational", async () => {
    llms = null;
    const without = checksOf(await evaluate(t, { cookie }, slug, site.url("/")))["access.llms_txt"];
    expect(without).toMatchObject({ status: "info", evidence: [{}, { value: "HTTP 404" }] });
    expect(without.summary).toContain("no /llms.txt");
    llms = "# Acme\n> Widgets for analytics teams.\n";
    const present = checksOf(await evaluate(t, { cookie }, slug, site.url("/")))["access.llms_txt"];
    expect(present).toMatchObject({ status: "info", evidence: [{}, { value: "HTTP 200" }] });
    expect(present.summary).toContain("publishes /llms.txt");
  });

  it("follows a redirect chain and evaluates where it ends", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/r1"));
    expect(done).toMatchObject({
      status: "succeeded",
      url: site.url("/r1"),
      finalUrl: site.url("/landing"),
    });
  });
});

describe("page evaluations: citations", () => {
  it("counts the answers citing this exact URL (normalised) and its domain, by engine and prompt", async () => {
    await seedCitations(t, slug, [
      {
        url: `${site.url("/cited")}?utm_source=x`,
        domain: "127.0.0.1",
        engine: "openai",
        prompt: "best widgets",
      },
      {
        url: site.url("/cited/"),
        domain: "127.0.0.1",
        engine: "perplexity",
        prompt: "best widgets",
      },
      { url: site.url("/other"), domain: "127.0.0.1", engine: "openai", prompt: "widget pricing" },
      {
        url: "https://globex.com/cited",
        domain: "globex.com",
        engine: "openai",
        prompt: "widget pricing",
      },
    ]);
    const cited = checksOf(await evaluate(t, { cookie }, slug, site.url("/cited")));
    expect(cited["citations.page"]).toMatchObject({
      status: "pass",
      severity: "high",
      evidence: [
        { label: "engine", value: "openai: 1" },
        { label: "engine", value: "perplexity: 1" },
        { label: "prompt", value: "best widgets: 2" },
      ],
    });
    expect(cited["citations.page"].summary).toContain("2 times in 4 analysed answers");
    expect(cited["citations.domain"]).toMatchObject({ status: "pass", severity: "medium" });
    expect(cited["citations.domain"].summary).toContain("3 times");

    const uncited = checksOf(await evaluate(t, { cookie }, slug, site.url("/landing")));
    expect(uncited["citations.page"]).toMatchObject({ status: "warn", evidence: [] });
    expect(uncited["citations.page"].fix).not.toBeNull();
    expect(uncited["citations.domain"]).toMatchObject({ status: "pass" });
  });
});

describe("page evaluations: compliance", () => {
  it("runs the page text through the eu_medical rules, findings with their sentence", async () => {
    const medical = await t.createWorkspace(cookie, {
      brand: "pages-medical",
      complianceProfile: "eu_medical",
    });
    const done = await evaluate(t, { cookie }, medical, site.url("/medical"));
    const check = checksOf(done)["compliance.claims"];
    expect(check).toMatchObject({ status: "fail", severity: "critical" });
    expect(check.evidence[0].value).toBe("Our supplement cures insomnia.");
    expect(check.fix).toContain("Reword");
    expect(done.scores.categories.compliance).toBe(0);

    const clean = await evaluate(t, { cookie }, medical, site.url("/landing"));
    expect(checksOf(clean)["compliance.claims"]).toMatchObject({ status: "pass" });
    expect(clean.scores.categories.compliance).toBe(100);
  });
});
