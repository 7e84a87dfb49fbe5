import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import {
  PageAnalysisTimeoutError,
  PageContentWorker,
} from "../../../src/web/page-content/analyze-in-worker.js";
import { analyzePageContent } from "../../../src/web/page-content/analyze-page-content.js";
import { NOW, page } from "./analyze.js";

const input = (html: string) => ({
  html,
  url: "https://www.acme.example/page",
  brand: "Acme",
  brandDomains: ["acme.example"],
  competitors: [{ name: "Globex" }],
  now: NOW,
});

const analyzer = new PageContentWorker({ timeoutMs: 120_000 });
afterAll(() => analyzer.close());
const analyzePageContentInWorker = (i: ReturnType<typeof input>) => analyzer.analyze(i);

// The worker runs the TypeScript sources here (Node strips the types; analyze-in-worker.ts) and
// the compiled files in dist (bench/page-content.mjs runs it there).
describe("the content analysis in a worker thread", () => {
  it("answers what the analysis answers in the thread, and the event loop runs meanwhile", {
    timeout: 60_000,
  }, async () => {
    const sections = Array.from(
      { length: 4_000 },
      (_, i) =>
        `<section><h2>Part ${i}</h2><p>Acme paragraph ${i} with <a href="https://example.org/${i}">a link</a>.</p></section>`,
    ).join("");
    const html = page({
      head: "<title>Acme, a long page</title>",
      body: `<h1>Acme</h1>${sections}`,
    });
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const analysis = analyzePageContentInWorker(input(html));
    const result = await analysis;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(result).toEqual(analyzePageContent(input(html)));
  });

  it("queues several analyses on the one worker and answers each its own", async () => {
    const pages = ["One", "Two", "Three"].map((name) =>
      page({ head: `<title>Page ${name} of Acme</title>`, body: `<h1>${name}</h1><p>Text.</p>` }),
    );
    const results = await Promise.all(pages.map((html) => analyzePageContentInWorker(input(html))));
    expect(results.map((r) => r.title)).toEqual([
      "Page One of Acme",
      "Page Two of Acme",
      "Page Three of Acme",
    ]);
  });
});

/** A worker that takes every analysis and never answers: only terminating it stops it. */
function spinningWorkers() {
  const started: Worker[] = [];
  const exits: number[] = [];
  const start = () => {
    const worker = new Worker(
      `require("node:worker_threads").parentPort.on("message", () => { for (;;) {} });`,
      { eval: true },
    );
    worker.on("exit", (code) => exits.push(code));
    started.push(worker);
    return worker;
  };
  return { start, started, exits };
}

// The deadline (GEO_PAGE_ANALYSIS_TIMEOUT_MS, config.pageEvaluations.analysisTimeoutMs): an
// analysis that cannot finish is given up and its worker terminated. A tiny deadline and a
// worker that never answers: nothing here depends on how fast the machine is.
describe("the deadline of an analysis", () => {
  it("terminates the worker of an analysis that does not finish, and rejects it", async () => {
    const workers = spinningWorkers();
    const spinning = new PageContentWorker({ timeoutMs: 1, start: workers.start });
    const error = await spinning.analyze(input("<p>never</p>")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageAnalysisTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 1 });
    await new Promise<void>((resolve) => {
      if (workers.exits.length > 0) resolve();
      else workers.started[0]?.once("exit", () => resolve());
    });
    expect(workers.exits).toHaveLength(1);
    await spinning.close();
  });

  it("gives each queued analysis its own deadline, on a new worker after each termination", async () => {
    const workers = spinningWorkers();
    const spinning = new PageContentWorker({ timeoutMs: 1, start: workers.start });
    const results = await Promise.allSettled(
      ["one", "two", "three"].map((name) => spinning.analyze(input(`<p>${name}</p>`))),
    );
    expect(results.map((r) => r.status === "rejected" && r.reason.name)).toEqual([
      "PageAnalysisTimeoutError",
      "PageAnalysisTimeoutError",
      "PageAnalysisTimeoutError",
    ]);
    expect(workers.started).toHaveLength(3);
    await spinning.close();
  });
});
