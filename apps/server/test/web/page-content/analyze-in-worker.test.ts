import { describe, expect, it } from "vitest";
import { analyzePageContentInWorker } from "../../../src/web/page-content/analyze-in-worker.js";
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
