import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { checksOf, evaluate, fetchEnv } from "./page-fixtures.js";

// A page made to be expensive to analyse. Its text reaches the sentence splitter (readability,
// the brand's sentences) and the compliance scan; 400,000 dots in a row once made the splitter
// backtrack for many minutes (issue 26, item 7). And whatever a page does, its analysis has a
// deadline past which its worker is terminated and the evaluation fails with a reason.
const dots = ".".repeat(400_000);
const hostile = `<!doctype html><html lang="en"><head><title>Dots by Dotcorp</title></head><body>
<main><h1>Dotcorp</h1><p>Dotcorp makes dots${dots}x and more dots${dots}</p>
<p>Dotcorp is cheaper than Globex${"!?….".repeat(50_000)}x</p></main></body></html>`;

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({
    "/dots": html(hostile),
    "/fine": html("<html><body><p>Fine.</p></body></html>"),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  });
});
afterAll(() => site.close());

describe("a page of 400,000 dots", () => {
  let t: TestServer;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestServer({ env: fetchEnv([80, 443, site.port]) });
    cookie = await t.signIn("pages-dots@example.com");
  });
  afterAll(() => t.close());

  it("is evaluated, with its content and compliance checks", { timeout: 120_000 }, async () => {
    const slug = await t.createWorkspace(cookie, {
      brand: "dotcorp",
      displayName: "Dotcorp",
      domains: ["dotcorp.example"],
      complianceProfile: "eu_medical",
    });
    const done = await evaluate(t, { cookie }, slug, site.url("/dots"));
    expect(done.status, JSON.stringify(done.failure)).toBe("succeeded");
    const checks = checksOf(done);
    expect(checks["compliance.claims"]).toBeDefined();
    expect(Object.keys(checks).some((id) => id.startsWith("understanding."))).toBe(true);
    expect(done.crawlerView.markdown).toContain("Dotcorp");
  });
});

describe("an analysis past its deadline", () => {
  let t: TestServer;
  let cookie: string;
  const exited: number[] = [];
  beforeAll(async () => {
    // An analysis that cannot finish (a worker that takes the page and never answers) and a
    // deadline of 1 ms: nothing depends on the machine's speed.
    t = await startTestServer({
      env: fetchEnv([80, 443, site.port], { GEO_PAGE_ANALYSIS_TIMEOUT_MS: "1" }),
      startPageContentWorker: () => {
        const worker = new Worker(
          `require("node:worker_threads").parentPort.on("message", () => { for (;;) {} });`,
          { eval: true },
        );
        worker.on("exit", (code) => exited.push(code));
        return worker;
      },
    });
    cookie = await t.signIn("pages-deadline@example.com");
  });
  afterAll(() => t.close());

  it("fails as analysis_timeout, and its worker is terminated", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "deadline" });
    for (const path of ["/fine", "/dots"]) {
      const done = await evaluate(t, { cookie }, slug, site.url(path));
      expect(done).toMatchObject({
        status: "failed",
        failure: {
          reason: "analysis_timeout",
          message: "The page's content could not be analysed within 0.001 seconds.",
        },
        finalUrl: site.url(path),
        checks: [],
        scores: null,
        crawlerView: null,
      });
    }
    // Each terminated worker exits; the second evaluation had a worker of its own.
    await eventually(async () => (exited.length === 2 ? true : undefined));
  });
});
